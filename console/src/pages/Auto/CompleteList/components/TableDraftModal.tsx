/**
 * Starts a definition from a table of the database: its columns become fields with the closest
 * types (read from the information schema on MySQL, the table's pragma on SQLite).
 */
import { Form, Input, Modal, Select } from 'antd';
import React, { useEffect, useState } from 'react';
import FormAlert from '@/components/FormAlert';
import { draftFromTable, listTables, type Spec } from '@/services/codegen';
import { errorText } from '@/utils/errors';
import { t } from '../text';
import { useDiscardGuard } from '@/components/Sheet';

const TableDraftModal: React.FC<{
  open: boolean;
  onClose: () => void;
  onDraft: (spec: Spec) => void;
}> = ({ open, onClose, onDraft }) => {
  const [form] = Form.useForm<{ table: string; module?: string; entity?: string }>();
  const guard = useDiscardGuard(() => form.isFieldsTouched());
  const [tables, setTables] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError(undefined);
    listTables()
      .then(setTables)
      .catch((e) => setError(errorText(e)));
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('codegen.fromTable')}
      okText={t('codegen.fromTable.ok')}
      confirmLoading={busy}
      onCancel={guard(onClose)}
      destroyOnClose
      onOk={async () => {
        const v = await form.validateFields();
        setBusy(true);
        try {
          onDraft(await draftFromTable(v.table, v.module?.trim(), v.entity?.trim()));
        } catch (e) {
          setError(errorText(e));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormAlert message={error} gap={12} />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="table"
          label={t('codegen.fromTable.table')}
          rules={[{ required: true, message: t('codegen.required') }]}
        >
          <Select
            showSearch
            data-testid="codegen-draft-table"
            options={tables.map((n) => ({ value: n, label: n }))}
          />
        </Form.Item>
        <Form.Item name="module" label={t('codegen.module')} tooltip={t('codegen.module.hint')}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="entity" label={t('codegen.entity')} tooltip={t('codegen.entity.hint')}>
          <Input maxLength={30} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

export default TableDraftModal;
