import { App, Form } from 'antd';
import { useModalFormGuard } from '@/components/Sheet';
import { showFormError } from '@/utils/fieldErrors';
import { t } from './text';

/**
 * The create/edit modal form of the sys pages. `formProps` spreads onto the ModalForm: the form,
 * open state (closing asks before discarding touched fields), vertical layout, a modal that
 * keeps its content on outside clicks and Save/Cancel buttons. `finish(editing, write, then)`
 * is its onFinish: write saves the values, then the success message (modified or created)
 * shows and then gets what write answered; a refused save puts the server's field errors on the
 * fields (names in `fields`) and shows the rest as an error message, keeping the form open.
 */
export function useSysForm<V>(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  fields: Parameters<typeof showFormError>[2],
) {
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const guard = useModalFormGuard(form, open);
  const formProps = {
    form,
    open,
    onOpenChange: guard.openChange(onOpenChange),
    layout: 'vertical' as const,
    modalProps: { destroyOnClose: true, maskClosable: false },
    submitter: { searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } },
  };
  const finish = <R>(
    editing: boolean,
    write: (values: V) => Promise<R>,
    then: (saved: R) => void,
  ) =>
    guard.finish(async (values: V) => {
      try {
        const saved = await write(values);
        message.success(editing ? t('common.modifySucceed') : t('sys.createSucceed'));
        then(saved);
        return true;
      } catch (e) {
        const text = showFormError(form, e, fields);
        if (text) message.error(text);
        return false;
      }
    });
  return { form, formProps, finish };
}
