import type { FormInstance } from 'antd';
import { errorText } from './errors';
import { RequestError } from './request';

/**
 * Server validation errors (code 10001 with `fields`, keyed by the request body's names)
 * shown where the user typed: on the form's fields, the rest in the form's alert.
 */
export type FieldName = (string | number)[];

export interface FieldError {
  name: FieldName;
  errors: string[];
}

export interface FieldErrorSplit {
  fields: FieldError[];
  /** messages of fields the form does not show */
  rest: string[];
}

/** Where a server field's message goes: a form field's name, or undefined for the alert. */
export type FieldPlacement = (path: FieldName, field: string) => FieldName | undefined;

/** 'specs[0].options[1].value' -> ['specs', 0, 'options', 1, 'value'] (server field -> antd name). */
export function fieldPath(field: string): FieldName {
  const out: FieldName = [];
  for (const part of field.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/**
 * The common placement: a field whose first name is one the form shows (after renaming
 * through `alias`, server name -> form name) goes there, with the rest of its path.
 */
export function formFields(
  known: readonly string[],
  alias: Record<string, string> = {},
): FieldPlacement {
  return (path) => {
    const head = alias[String(path[0])] ?? String(path[0]);
    return known.includes(head) ? [head, ...path.slice(1)] : undefined;
  };
}

/** Splits `fields` into form fields (messages of one field merged) and the rest. */
export function splitFieldErrors(
  fields: Record<string, string> | undefined,
  place: FieldPlacement | readonly string[],
): FieldErrorSplit {
  const placement = typeof place === 'function' ? place : formFields(place);
  const byName = new Map<string, FieldError>();
  const rest: string[] = [];
  Object.entries(fields ?? {}).forEach(([field, message]) => {
    const name = placement(fieldPath(field), field);
    if (!name) {
      rest.push(message);
      return;
    }
    const key = JSON.stringify(name);
    const entry = byName.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byName.set(key, entry);
  });
  return { fields: [...byName.values()], rest };
}

/**
 * Shows a failed form call in place: the server's field errors on the form's fields (and,
 * with `scroll`, the first one scrolled into view). Answers the text for the form's alert:
 * messages of fields the form does not show, undefined when every error sits on a field,
 * and the server's msg (or the network error) when the answer names no field.
 */
export function showFormError(
  form: FormInstance | undefined,
  error: unknown,
  place: FieldPlacement | readonly string[],
  options: { scroll?: boolean } = {},
): string | undefined {
  if (error instanceof RequestError && error.fields && Object.keys(error.fields).length) {
    const split = splitFieldErrors(error.fields, place);
    form?.setFields(split.fields);
    if (options.scroll && split.fields.length) {
      form?.scrollToField(split.fields[0].name, { block: 'center' });
    }
    return split.rest.length ? split.rest.join(' ') : undefined;
  }
  return errorText(error);
}
