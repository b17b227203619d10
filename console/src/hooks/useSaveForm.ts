import { Form } from 'antd';
import { useState } from 'react';
import { useDiscardGuard } from '@/components/Sheet';
import { feedback } from '@/utils/feedback';
import { showFormError, type FieldPlacement } from '@/utils/fieldErrors';
import { formatMessage } from '@/utils/intl';

/**
 * The state of an add/edit modal: its form, a guard that asks before discarding touched fields,
 * the saving flag and the alert text. `save(write, then)` validates the form, runs write with its
 * values, shows the success message and hands the result to then; a refused save puts the
 * server's field errors on the fields (placed by `fields`, see showFormError; with `scroll`, the
 * first one scrolled into view) and the rest in the alert.
 */
export function useSaveForm<V>(
  fields: FieldPlacement | readonly string[],
  options: { scroll?: boolean } = {},
) {
  const [form] = Form.useForm<V>();
  const guard = useDiscardGuard(() => form.isFieldsTouched());
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string>();
  const save =
    <R>(write: (values: V) => Promise<R>, then: (result: R) => void) =>
    async () => {
      setAlert(undefined);
      let v: V;
      try {
        v = await form.validateFields();
      } catch {
        return;
      }
      setSaving(true);
      try {
        const result = await write(v);
        feedback.success(formatMessage({ id: 'common.modifySucceed' }));
        then(result);
      } catch (e) {
        setAlert(showFormError(form, e, fields, options));
      } finally {
        setSaving(false);
      }
    };
  return { form, guard, saving, alert, setAlert, save };
}

export type SaveFormState = Pick<ReturnType<typeof useSaveForm>, 'guard' | 'saving' | 'alert'>;
