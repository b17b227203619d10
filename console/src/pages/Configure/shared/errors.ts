import type { FormInstance } from 'antd';
import { errorText } from '@/utils/errors';
import { RequestError } from '@/utils/request';

/**
 * Shows a failed save in place: the server's field errors (code 10001 with `fields`) on the
 * form fields it names; answers the text for the form's alert (the message for anything else
 * and for fields the form does not show), or undefined when every error sits on a field.
 */
export function showFormError(
  form: FormInstance,
  error: unknown,
  known: string[],
): string | undefined {
  if (error instanceof RequestError && error.fields && Object.keys(error.fields).length) {
    const entries = Object.entries(error.fields);
    const onForm = entries.filter(([f]) => known.includes(f));
    form.setFields(
      onForm.map(([name, msg]) => ({ name, errors: [msg] })) as Parameters<
        FormInstance['setFields']
      >[0],
    );
    if (onForm.length) form.scrollToField(onForm[0][0], { block: 'center' });
    const rest = entries.filter(([f]) => !known.includes(f)).map(([, m]) => m);
    return rest.length ? rest.join(' ') : undefined;
  }
  return errorText(error);
}
