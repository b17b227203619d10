import type { FormInstance } from 'antd';
import { errorText } from '@/utils/errors';
import { RequestError } from '@/utils/request';
import { splitFieldErrors } from './logic';

/**
 * Shows a failed form call in place: validation errors (code 10001 with `fields`) on the
 * form's fields; answers the text for the form's alert (the server msg, plus messages
 * of fields the form does not show), or undefined when every error sits on a field.
 */
export function showFormError(
  form: FormInstance | undefined,
  error: unknown,
  known: string[],
  alias: Record<string, string> = {},
): string | undefined {
  if (error instanceof RequestError && error.fields && Object.keys(error.fields).length) {
    const split = splitFieldErrors(error.fields, known, alias);
    form?.setFields(split.fields as Parameters<FormInstance['setFields']>[0]);
    if (split.rest.length === 0) return undefined;
    return split.rest.join(' ');
  }
  return errorText(error);
}
