import type { FormInstance } from 'antd';
import { errorText } from '@/utils/errors';
import { RequestError } from '@/utils/request';
import { serverFieldErrors } from './logic';

/**
 * Shows a failed save in place: the server's field errors (code 10001 with `fields`) on the
 * form's fields; answers the text for the form's alert (the server msg for anything else, and
 * messages of fields the form does not show), or undefined when every error sits on a field.
 */
export function showFormError(form: FormInstance, error: unknown, known: string[]): string | undefined {
  if (error instanceof RequestError && error.fields && Object.keys(error.fields).length) {
    const split = serverFieldErrors(error.fields, known);
    form.setFields(split.fields as Parameters<FormInstance['setFields']>[0]);
    if (split.fields.length) {
      form.scrollToField(split.fields[0].name, { block: 'center' });
    }
    return split.rest.length ? split.rest.join(' ') : undefined;
  }
  return errorText(error);
}
