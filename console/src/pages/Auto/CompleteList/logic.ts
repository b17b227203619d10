/**
 * Pure helpers of the code generation page (tested in tests/codegen-logic.test.ts): the form's
 * values to a definition, server field keys to form paths, table name suggestions.
 */
import type { FieldType, Labels, SearchMode, Spec, SpecField } from '@/services/codegen';

/** The types a search mode suits (the server's rule, for the form's choices). */
export const SEARCH_MODES: Record<SearchMode, FieldType[]> = {
  exact: ['string', 'integer', 'money', 'decimal', 'boolean', 'date', 'time', 'enum', 'reference'],
  prefix: ['string', 'text'],
  range: ['integer', 'money', 'decimal', 'date', 'time'],
};

export const modesFor = (type: FieldType): SearchMode[] =>
  (Object.keys(SEARCH_MODES) as SearchMode[]).filter((m) => SEARCH_MODES[m].includes(type));

/** A new field: on the list and the form, searched by its type's first mode when asked. */
export const emptyField = (): SpecField => ({
  name: '',
  labels: {},
  type: 'string',
  required: false,
  unique: false,
  list: true,
  form: true,
  search: false,
  searchMode: '',
});

/** unitPrice → unit_price (the server's column names). */
export function snake(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** The table a module and entity suggest: inventory + purchaseOrder → inventory_purchase_orders. */
export function suggestTable(module: string, entity: string): string {
  const m = module.trim();
  const e = entity.trim();
  if (!m || !e) return '';
  return `${m}_${snake(e)}s`;
}

/**
 * A server field key to the form's path: "fields[2].labels.fr" → ['fields', 2, 'labels', 'fr'],
 * "module" → ['module'].
 */
export function fieldPath(key: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of key.split('.')) {
    const m = /^([A-Za-z]+)\[(\d+)\]$/.exec(part);
    if (m) out.push(m[1], Number(m[2]));
    else out.push(part);
  }
  return out;
}

/** Whether the editor shows an input for a server field key without opening a "More" panel. */
export function visibleInput(key: string): boolean {
  return (
    /^(module|entity|table|sortField|labelField|labels\.en|moduleLabels\.en)$/.test(key) ||
    /^fields\[\d+\]\.(name|type|searchMode|labels\.en)$/.test(key)
  );
}

/** Whether the editor has an input for a server field key (else its message goes to the alert only). */
export function hasInput(key: string): boolean {
  return (
    /^(module|entity|table|sortField|labelField|labels\.[a-z]{2}|moduleLabels\.[a-z]{2})$/.test(
      key,
    ) ||
    /^fields\[\d+\]\.(name|type|searchMode|minLength|maxLength|min|max|scale|pattern|dict|ref|example|labels\.[a-z]{2})$/.test(
      key,
    )
  );
}

function cleanLabels(labels: Labels | undefined): Labels {
  const out: Labels = {};
  Object.entries(labels ?? {}).forEach(([tag, text]) => {
    const v = (text ?? '').trim();
    if (v) out[tag] = v;
  });
  return out;
}

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const whole = (v: unknown): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isInteger(n) ? n : undefined;
};

/** What the form holds, as the definition the server reads (trimmed; empty parts left out). */
export function toSpec(values: Partial<Spec>): Spec {
  return {
    module: text(values.module),
    entity: text(values.entity),
    table: text(values.table),
    labels: cleanLabels(values.labels),
    moduleLabels: cleanLabels(values.moduleLabels),
    labelField: text(values.labelField),
    sortField: text(values.sortField),
    sortDesc: !!values.sortDesc,
    fields: (values.fields ?? []).map((f) => ({
      name: text(f.name),
      labels: cleanLabels(f.labels),
      type: f.type,
      required: !!f.required,
      unique: !!f.unique,
      minLength: whole(f.minLength),
      maxLength: whole(f.maxLength),
      min: text(f.min),
      max: text(f.max),
      scale: f.type === 'decimal' ? (whole(f.scale) ?? 2) : undefined,
      pattern: f.type === 'string' ? text(f.pattern) : '',
      dict: f.type === 'enum' ? text(f.dict) : '',
      ref: f.type === 'reference' ? text(f.ref) : '',
      list: !!f.list,
      form: !!f.form,
      search: !!f.search,
      searchMode: f.search ? (f.searchMode ?? '') : '',
      example: text(f.example),
    })),
  };
}

/** The files grouped by what they are for: the Go module, the server messages, the console. */
export function groupFiles<T extends { path: string }>(
  files: T[],
): { group: string; files: T[] }[] {
  const groups: { group: string; files: T[] }[] = [];
  for (const f of files) {
    const group = f.path.startsWith('modules/')
      ? 'go'
      : f.path.startsWith('internal/')
        ? 'server'
        : f.path.startsWith('console/src/locales/')
          ? 'locales'
          : 'console';
    const g = groups.find((x) => x.group === group);
    if (g) g.files.push(f);
    else groups.push({ group, files: [f] });
  }
  const order = ['go', 'server', 'console', 'locales'];
  return groups.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
}
