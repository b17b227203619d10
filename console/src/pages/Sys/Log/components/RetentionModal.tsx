import { ModalForm, ProFormDigit } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import React from 'react';
import { getRetention, setRetention } from '@/services/sys-admin';
import { showFormError } from '@/utils/fieldErrors';
import { t } from '../../shared/text';
import { useModalFormGuard } from '@/components/Sheet';

/** Days the operation log is kept (platform only); older rows are purged daily. */
const RetentionModal: React.FC<{ open: boolean; onOpenChange: (open: boolean) => void }> = ({
  open,
  onOpenChange,
}) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ days: number }>();
  const guard = useModalFormGuard(form, open);
  return (
    <ModalForm<{ days: number }>
      name="retentionForm"
      form={form}
      open={open}
      onOpenChange={guard.openChange(onOpenChange)}
      title={t('sys.log.retention')}
      width={420}
      modalProps={{ destroyOnClose: true }}
      request={async () => getRetention()}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={guard.finish(async ({ days }) => {
        try {
          await setRetention(days);
          message.success(t('common.modifySucceed'));
          return true;
        } catch (e) {
          const text = showFormError(form, e, ['days']);
          if (text) message.error(text);
          return false;
        }
      })}
    >
      <ProFormDigit
        name="days"
        label={t('sys.log.retention.days')}
        extra={t('sys.log.retention.hint')}
        min={7}
        max={3650}
        fieldProps={{ precision: 0 }}
        rules={[{ required: true, message: t('sys.log.retention.required') }]}
      />
    </ModalForm>
  );
};

export default RetentionModal;
