/**
 * The form designer's model, as pure functions (unit-tested in model.test.ts beside it):
 * a tree of design nodes (palette items placed on the canvas) and its Formily JSON Schema.
 *
 * Every property the designer writes carries `x-kind`, so a saved schema opens again in the
 * designer exactly as it was; schemas from elsewhere are read by their `x-component`.
 */

export type FieldKind =
  | 'input'
  | 'textarea'
  | 'number'
  | 'money'
  | 'select'
  | 'radio'
  | 'checkbox'
  | 'switch'
  | 'date'
  | 'dateRange'
  | 'time'
  | 'rate'
  | 'image'
  | 'file'
  | 'user'
  | 'org'
  | 'dish'
  | 'divider'
  | 'grid'
  | 'card';

export interface Option {
  label: string;
  value: string;
}

export interface VisibilityRule {
  /** the field the visibility depends on */
  field: string;
  op: '==' | '!=' | '>' | '>=' | '<' | '<=' | 'empty' | 'notEmpty';
  value?: string;
}

export interface DesignNode {
  /** designer-internal id (stable while editing) */
  id: string;
  kind: FieldKind;
  /** data key (fields) or property key (containers) */
  name: string;
  title: string;
  description?: string;
  required?: boolean;
  placeholder?: string;
  defaultValue?: unknown;
  options?: Option[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  patternMessage?: string;
  /** grid columns */
  columns?: number;
  visibleWhen?: VisibilityRule;
  children?: DesignNode[];
}

export interface PaletteItem {
  kind: FieldKind;
  group: 'basic' | 'advanced' | 'layout';
  /** JSON Schema type of the value */
  type: 'string' | 'number' | 'boolean' | 'array' | 'void';
  component: string;
  container?: boolean;
}

export const PALETTE: PaletteItem[] = [
  { kind: 'input', group: 'basic', type: 'string', component: 'Input' },
  { kind: 'textarea', group: 'basic', type: 'string', component: 'Input.TextArea' },
  { kind: 'number', group: 'basic', type: 'number', component: 'NumberPicker' },
  { kind: 'money', group: 'basic', type: 'number', component: 'Money' },
  { kind: 'select', group: 'basic', type: 'string', component: 'Select' },
  { kind: 'radio', group: 'basic', type: 'string', component: 'Radio.Group' },
  { kind: 'checkbox', group: 'basic', type: 'array', component: 'Checkbox.Group' },
  { kind: 'switch', group: 'basic', type: 'boolean', component: 'Switch' },
  { kind: 'date', group: 'basic', type: 'string', component: 'DatePicker' },
  { kind: 'dateRange', group: 'basic', type: 'array', component: 'DatePicker.RangePicker' },
  { kind: 'time', group: 'basic', type: 'string', component: 'TimePicker' },
  { kind: 'rate', group: 'basic', type: 'number', component: 'Rate' },
  { kind: 'image', group: 'advanced', type: 'array', component: 'ImageUpload' },
  { kind: 'file', group: 'advanced', type: 'array', component: 'FileUpload' },
  { kind: 'user', group: 'advanced', type: 'number', component: 'UserPicker' },
  { kind: 'org', group: 'advanced', type: 'number', component: 'OrgPicker' },
  { kind: 'dish', group: 'advanced', type: 'number', component: 'DishPicker' },
  { kind: 'divider', group: 'layout', type: 'void', component: 'Divider' },
  { kind: 'grid', group: 'layout', type: 'void', component: 'FormGrid', container: true },
  { kind: 'card', group: 'layout', type: 'void', component: 'Card', container: true },
];

export const paletteItem = (kind: FieldKind): PaletteItem =>
  PALETTE.find((p) => p.kind === kind) ?? PALETTE[0];

export const hasOptions = (kind: FieldKind) =>
  kind === 'select' || kind === 'radio' || kind === 'checkbox';
export const isContainer = (kind: FieldKind) => !!paletteItem(kind).container;
export const isVoid = (kind: FieldKind) => paletteItem(kind).type === 'void';

let seq = 0;
export const newId = () => `n${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Every name used in the tree. */
export function allNames(nodes: DesignNode[]): string[] {
  return nodes.flatMap((n) => [n.name, ...allNames(n.children ?? [])]);
}

/** `base`, `base2`, `base3`… whichever is free. */
export function uniqueName(base: string, taken: string[]): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  let i = 2;
  while (set.has(`${base}${i}`)) i += 1;
  return `${base}${i}`;
}

/** A node for a palette item, named after its kind (unique in the tree). */
export function createNode(kind: FieldKind, tree: DesignNode[], title?: string): DesignNode {
  const node: DesignNode = {
    id: newId(),
    kind,
    name: uniqueName(kind === 'dateRange' ? 'dateRange' : kind, allNames(tree)),
    title: title ?? kind,
  };
  if (hasOptions(kind)) {
    node.options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ];
  }
  if (kind === 'grid') {
    node.columns = 2;
    node.children = [];
  }
  if (kind === 'card') node.children = [];
  return node;
}

// ---------------------------------------------------------------------------------
// Tree edits (immutable)

export function findNode(nodes: DesignNode[], id: string): DesignNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children && findNode(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The id of the container holding `id` (undefined = the root). */
export function parentOf(
  nodes: DesignNode[],
  id: string,
  parent?: string,
): string | undefined | null {
  for (const n of nodes) {
    if (n.id === id) return parent;
    if (n.children) {
      const hit = parentOf(n.children, id, n.id);
      if (hit !== null) return hit;
    }
  }
  return null;
}

function mapLists(
  nodes: DesignNode[],
  containerId: string | undefined,
  fn: (list: DesignNode[]) => DesignNode[],
): DesignNode[] {
  if (containerId === undefined) return fn(nodes);
  return nodes.map((n) =>
    n.id === containerId
      ? { ...n, children: fn(n.children ?? []) }
      : n.children
        ? { ...n, children: mapLists(n.children, containerId, fn) }
        : n,
  );
}

/** Inserts `node` into a container (undefined = root) at `index` (default: the end). */
export function insertNode(
  nodes: DesignNode[],
  node: DesignNode,
  containerId?: string,
  index?: number,
): DesignNode[] {
  return mapLists(nodes, containerId, (list) => {
    const next = [...list];
    next.splice(
      index === undefined ? next.length : Math.max(0, Math.min(index, next.length)),
      0,
      node,
    );
    return next;
  });
}

export function removeNode(nodes: DesignNode[], id: string): DesignNode[] {
  return nodes
    .filter((n) => n.id !== id)
    .map((n) => (n.children ? { ...n, children: removeNode(n.children, id) } : n));
}

export function updateNode(
  nodes: DesignNode[],
  id: string,
  patch: Partial<DesignNode>,
): DesignNode[] {
  return nodes.map((n) =>
    n.id === id
      ? { ...n, ...patch }
      : n.children
        ? { ...n, children: updateNode(n.children, id, patch) }
        : n,
  );
}

/** Moves a node up (-1) or down (+1) among its siblings. */
export function moveNode(nodes: DesignNode[], id: string, delta: number): DesignNode[] {
  const parent = parentOf(nodes, id);
  if (parent === null) return nodes;
  return mapLists(nodes, parent, (list) => {
    const from = list.findIndex((n) => n.id === id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= list.length) return list;
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    return next;
  });
}

/** Moves a node to another place (container + index), e.g. after a drag. */
export function relocateNode(
  nodes: DesignNode[],
  id: string,
  containerId: string | undefined,
  index: number,
): DesignNode[] {
  const node = findNode(nodes, id);
  if (!node || (containerId && (containerId === id || findNode([node], containerId)))) return nodes;
  const parent = parentOf(nodes, id);
  let target = index;
  if (parent === containerId) {
    const list = containerId ? (findNode(nodes, containerId)?.children ?? []) : nodes;
    const from = list.findIndex((n) => n.id === id);
    if (from < target) target -= 1;
  }
  return insertNode(removeNode(nodes, id), node, containerId, target);
}

/** Copies a node (and its children) right after it, with fresh ids and unique names. */
export function copyNode(
  nodes: DesignNode[],
  id: string,
): { nodes: DesignNode[]; copyId?: string } {
  const node = findNode(nodes, id);
  const parent = parentOf(nodes, id);
  if (!node || parent === null) return { nodes };
  const taken = allNames(nodes);
  const clone = (n: DesignNode): DesignNode => {
    const name = uniqueName(n.name, taken);
    taken.push(name);
    return { ...structuredCopy(n), id: newId(), name, children: n.children?.map(clone) };
  };
  const copy = clone(node);
  const list = parent ? (findNode(nodes, parent)?.children ?? []) : nodes;
  const index = list.findIndex((n) => n.id === id) + 1;
  return { nodes: insertNode(nodes, copy, parent, index), copyId: copy.id };
}

function structuredCopy<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

// ---------------------------------------------------------------------------------
// Design tree -> Formily JSON Schema

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const validFieldName = (name: string) => FIELD_NAME.test(name);

function literal(value: string): string {
  const n = Number(value);
  return value.trim() !== '' && !Number.isNaN(n) ? String(n) : JSON.stringify(value);
}

/** The `x-reactions` of a visibility rule: show the field when the rule holds. */
export function visibilityReaction(rule: VisibilityRule): Record<string, unknown> {
  let expr: string;
  switch (rule.op) {
    case 'empty':
      expr = '$deps[0] === undefined || $deps[0] === null || $deps[0] === ""';
      break;
    case 'notEmpty':
      expr = '$deps[0] !== undefined && $deps[0] !== null && $deps[0] !== ""';
      break;
    case '==':
      expr = `$deps[0] == ${literal(rule.value ?? '')}`;
      break;
    case '!=':
      expr = `$deps[0] != ${literal(rule.value ?? '')}`;
      break;
    default:
      expr = `$deps[0] ${rule.op} ${literal(rule.value ?? '')}`;
  }
  return { dependencies: [rule.field], fulfill: { state: { visible: `{{${expr}}}` } } };
}

function nodeSchema(node: DesignNode, index: number): Record<string, any> {
  const item = paletteItem(node.kind);
  const s: Record<string, any> = { type: item.type, 'x-kind': node.kind, 'x-index': index };
  if (node.title) s.title = node.title;
  if (node.description) s.description = node.description;
  s['x-component'] = item.component;
  const props: Record<string, any> = {};
  if (item.type === 'void') {
    if (node.kind === 'grid') {
      props.maxColumns = node.columns ?? 2;
      props.minColumns = 1;
    } else if (node.kind === 'card' || node.kind === 'divider') {
      props.title = node.title;
    }
    s['x-component-props'] = props;
    if (node.children) {
      s.properties = childrenSchema(node.children);
    }
    if (node.visibleWhen?.field) s['x-reactions'] = visibilityReaction(node.visibleWhen);
    return s;
  }
  s['x-decorator'] = 'FormItem';
  if (node.required) s.required = true;
  if (node.placeholder) props.placeholder = node.placeholder;
  if (node.defaultValue !== undefined && node.defaultValue !== '') s.default = node.defaultValue;
  if (hasOptions(node.kind))
    s.enum = (node.options ?? []).map((o) => ({ label: o.label, value: o.value }));
  if (node.minLength !== undefined) s.minLength = node.minLength;
  if (node.maxLength !== undefined) s.maxLength = node.maxLength;
  if (node.minimum !== undefined) s.minimum = node.minimum;
  if (node.maximum !== undefined) s.maximum = node.maximum;
  if (node.pattern) {
    s.pattern = node.pattern;
    if (node.patternMessage)
      s['x-validator'] = [{ pattern: node.pattern, message: node.patternMessage }];
  }
  if (node.kind === 'money') props.precision = 2;
  if (node.kind === 'textarea') props.rows = 4;
  if (Object.keys(props).length) s['x-component-props'] = props;
  if (node.visibleWhen?.field) s['x-reactions'] = visibilityReaction(node.visibleWhen);
  return s;
}

function childrenSchema(nodes: DesignNode[]): Record<string, any> {
  const out: Record<string, any> = {};
  nodes.forEach((n, i) => {
    out[n.name] = nodeSchema(n, i);
  });
  return out;
}

/** The form's Formily JSON Schema: an object whose properties follow the canvas order. */
export function toSchema(nodes: DesignNode[]): Record<string, any> {
  return { type: 'object', properties: childrenSchema(nodes) };
}

// ---------------------------------------------------------------------------------
// Formily JSON Schema -> design tree (import, and opening a saved form)

const BY_COMPONENT: Record<string, FieldKind> = Object.fromEntries(
  PALETTE.map((p) => [p.component, p.kind]),
);
Object.assign(BY_COMPONENT, {
  'Input.Password': 'input',
  Password: 'input',
  TextArea: 'textarea',
  InputNumber: 'number',
  Radio: 'radio',
  Checkbox: 'checkbox',
  'Checkbox.Group': 'checkbox',
  RangePicker: 'dateRange',
  Upload: 'file',
  'Upload.Dragger': 'file',
  FormLayout: 'card',
  Space: 'grid',
});

function kindOf(s: Record<string, any>): FieldKind {
  const declared = s['x-kind'] as FieldKind | undefined;
  if (declared && PALETTE.some((p) => p.kind === declared)) return declared;
  const byComponent = BY_COMPONENT[String(s['x-component'] ?? '')];
  if (byComponent) return byComponent;
  if (s.type === 'void') return 'card';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'boolean') return 'switch';
  if (s.enum) return s.type === 'array' ? 'checkbox' : 'select';
  return 'input';
}

const ordered = (props: Record<string, any> = {}): [string, Record<string, any>][] =>
  Object.entries(props)
    .map(([k, v], i) => [k, v, typeof v?.['x-index'] === 'number' ? v['x-index'] : i] as const)
    .sort((a, b) => a[2] - b[2])
    .map(([k, v]) => [k, v]);

function parseRule(reactions: unknown): VisibilityRule | undefined {
  const r = (Array.isArray(reactions) ? reactions[0] : reactions) as
    Record<string, any> | undefined;
  const field = r?.dependencies?.[0];
  const visible = r?.fulfill?.state?.visible;
  if (typeof field !== 'string' || typeof visible !== 'string') return undefined;
  const body = visible.replace(/^\{\{|\}\}$/g, '').trim();
  if (body.startsWith('$deps[0] === undefined')) return { field, op: 'empty' };
  if (body.startsWith('$deps[0] !== undefined')) return { field, op: 'notEmpty' };
  const m = /^\$deps\[0\]\s*(==|!=|>=|<=|>|<)\s*(.+)$/.exec(body);
  if (!m) return undefined;
  let value = m[2].trim();
  try {
    const parsed = JSON.parse(value);
    value = String(parsed);
  } catch {
    /* keep as written */
  }
  return { field, op: m[1] as VisibilityRule['op'], value };
}

function toNode(name: string, s: Record<string, any>, requiredNames: Set<string>): DesignNode {
  const kind = kindOf(s);
  const props = (s['x-component-props'] ?? {}) as Record<string, any>;
  const node: DesignNode = { id: newId(), kind, name, title: s.title ?? props.title ?? '' };
  if (s.description) node.description = s.description;
  if (s.required === true || requiredNames.has(name)) node.required = true;
  if (props.placeholder) node.placeholder = props.placeholder;
  if (s.default !== undefined) node.defaultValue = s.default;
  if (Array.isArray(s.enum)) {
    node.options = s.enum.map((e: any) =>
      e && typeof e === 'object'
        ? { label: String(e.label ?? e.value), value: String(e.value) }
        : { label: String(e), value: String(e) },
    );
  }
  for (const k of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (typeof s[k] === 'number') node[k] = s[k];
  }
  const validator = Array.isArray(s['x-validator']) ? s['x-validator'][0] : s['x-validator'];
  if (s.pattern || validator?.pattern) node.pattern = s.pattern ?? validator.pattern;
  if (validator?.message) node.patternMessage = validator.message;
  if (kind === 'grid') node.columns = props.maxColumns ?? 2;
  const rule = parseRule(s['x-reactions']);
  if (rule) node.visibleWhen = rule;
  if (isContainer(kind)) node.children = fromProperties(s.properties, s.required);
  return node;
}

function fromProperties(props: Record<string, any> | undefined, required?: unknown): DesignNode[] {
  const names = new Set(Array.isArray(required) ? (required as string[]) : []);
  return ordered(props).map(([k, v]) => toNode(k, v, names));
}

/** Reads a schema (object or JSON text) into the design tree; throws on a non-object. */
export function fromSchema(schema: unknown): DesignNode[] {
  const s = typeof schema === 'string' ? JSON.parse(schema) : schema;
  if (!s || typeof s !== 'object' || Array.isArray(s)) throw new Error('schema must be an object');
  const root = s as Record<string, any>;
  return fromProperties(root.properties, root.required);
}

/** The data fields of a schema (containers flattened), in order: for bindings and permissions. */
export function schemaFields(schema: unknown): { name: string; title: string; type: string }[] {
  let s: any = schema;
  if (typeof s === 'string') {
    try {
      s = JSON.parse(s);
    } catch {
      return [];
    }
  }
  const out: { name: string; title: string; type: string }[] = [];
  const walk = (props: Record<string, any> | undefined) =>
    ordered(props).forEach(([k, v]) => {
      if (v?.type === 'void' || (!v?.type && v?.properties)) walk(v.properties);
      else out.push({ name: k, title: v?.title ?? k, type: v?.type ?? 'string' });
    });
  walk(s?.properties);
  return out;
}

/** Problems that block saving: empty or invalid names, duplicates, options without values. */
export function designProblems(nodes: DesignNode[]): { id: string; problem: string }[] {
  const problems: { id: string; problem: string }[] = [];
  const seen = new Map<string, string>();
  const walk = (list: DesignNode[]) =>
    list.forEach((n) => {
      if (!validFieldName(n.name)) problems.push({ id: n.id, problem: 'name' });
      else if (seen.has(n.name)) problems.push({ id: n.id, problem: 'duplicate' });
      seen.set(n.name, n.id);
      if (hasOptions(n.kind) && !(n.options ?? []).length)
        problems.push({ id: n.id, problem: 'options' });
      if (n.children) walk(n.children);
    });
  walk(nodes);
  return problems;
}
