/**
 * Starts an instance: title and business key, and the definition's start form (the server
 * validates the variables and names bad fields `form.<field>`, shown on the fields).
 */
import { Alert, Form, Input, Modal, Select } from 'antd';
import React, { useEffect, useState } from 'react';
import { t } from './labels';
import {
  applyServerErrors,
  FormRenderer,
  submitForm,
  useProcessForm,
} from '@/components/FormilyRenderer';
import {
  listStartable,
  notifyTodoChanged,
  startInstance,
  type DefinitionDetail,
} from '@/services/process';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { RequestError } from '@/utils/request';
import { useDiscardGuard } from '@/components/Sheet';

const StartBody: React.FC<{
  definition: DefinitionDetail;
  onDone: (instanceId: number) => void;
  onCancel: () => void;
}> = ({ definition, onDone, onCancel }) => {
  const form = useProcessForm();
  const [title, setTitle] = useState('');
  const [businessKey, setBusinessKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const guard = useDiscardGuard(() => !!title.trim() || !!businessKey.trim() || form.modified);
  const submit = async () => {
    let variables: Record<string, unknown> = {};
    try {
      variables = definition.startForm ? await submitForm(form) : {};
    } catch {
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const res = await startInstance(
        {
          definitionId: definition.id,
          title: title.trim() || undefined,
          businessKey: businessKey.trim() || undefined,
          variables,
        },
        { skipErrorHandler: true },
      );
      feedback.success(t('process.start.started'));
      notifyTodoChanged();
      onDone(res.instanceId);
    } catch (e) {
      // The server's message always shows (a refused variable may be no field of the form).
      setError(errorText(e));
      if (e instanceof RequestError) applyServerErrors(form, e.fields);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={640}
      title={t('process.start.title', { name: definition.name })}
      onCancel={guard(onCancel)}
      onOk={submit}
      confirmLoading={busy}
      okText={t('process.start.submit')}
      okButtonProps={{ ...{ 'data-testid': 'start-submit' } }}
    >
      <Form layout="vertical">
        <Form.Item label={t('process.instance.title')}>
          <Input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="start-title"
          />
        </Form.Item>
        <Form.Item label={t('process.instance.businessKey')}>
          <Input value={businessKey} onChange={(e) => setBusinessKey(e.target.value)} />
        </Form.Item>
      </Form>
      {definition.startForm && <FormRenderer form={form} schema={definition.startForm.schema} />}
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  );
};

/** With `definition`: starts that one; without: asks which startable process first. */
export const StartDialog: React.FC<{
  open: boolean;
  definition?: DefinitionDetail;
  onClose: () => void;
  onStarted?: (instanceId: number) => void;
}> = ({ open, definition, onClose, onStarted }) => {
  const [startable, setStartable] = useState<DefinitionDetail[]>([]);
  const [chosen, setChosen] = useState<DefinitionDetail | undefined>(definition);
  useEffect(() => {
    setChosen(definition);
    if (open && !definition) listStartable().then(setStartable);
  }, [open, definition]);
  if (!open) return null;
  if (chosen) {
    return (
      <StartBody
        definition={chosen}
        onCancel={() => {
          setChosen(definition);
          onClose();
        }}
        onDone={(id) => {
          onClose();
          onStarted?.(id);
        }}
      />
    );
  }
  return (
    <Modal open title={t('process.start.choose')} footer={null} onCancel={onClose}>
      <Select
        style={{ width: '100%' }}
        showSearch
        optionFilterProp="label"
        placeholder={t('process.start.choose')}
        options={startable.map((d) => ({
          label: `${d.name} (${d.key} v${d.version})`,
          value: d.id,
        }))}
        onChange={(id) => setChosen(startable.find((d) => d.id === id))}
        data-testid="start-choose"
      />
    </Modal>
  );
};

export default StartDialog;
