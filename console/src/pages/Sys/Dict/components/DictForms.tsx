import { ModalForm, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { App, Form } from 'antd';
import React from 'react';
import {
  createDictEntry,
  createDictType,
  updateDictEntry,
  updateDictType,
  type DictEntry,
  type DictType,
  type DictTypeInput,
} from '@/services/sys-admin';
import { showFormError } from '@/utils/fieldErrors';
import LabelsFields from '../../shared/LabelsFields';
import { cleanLabels, parseLabels } from '../../shared/labels';
import { t } from '../../shared/text';
import { useModalFormGuard } from '@/components/Sheet';

export const TypeForm: React.FC<{
  open: boolean;
  type?: DictType;
  onOpenChange: (open: boolean) => void;
  onSaved: (type: DictType) => void;
}> = ({ open, type, onOpenChange, onSaved }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<DictTypeInput>();
  const guard = useModalFormGuard(form, open);
  return (
    <ModalForm<DictTypeInput>
      name="dictTypeForm"
      form={form}
      open={open}
      onOpenChange={guard.openChange(onOpenChange)}
      title={type ? t('sys.dict.type.edit') : t('sys.dict.type.add')}
      width={480}
      layout="vertical"
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      initialValues={
        type ? { code: type.code, name: type.name, description: type.description } : {}
      }
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={guard.finish(async (values) => {
        try {
          const saved = type ? await updateDictType(type.id, values) : await createDictType(values);
          message.success(type ? t('common.modifySucceed') : t('sys.createSucceed'));
          onSaved(saved);
          return true;
        } catch (e) {
          const text = showFormError(form, e, ['code', 'name', 'description']);
          if (text) message.error(text);
          return false;
        }
      })}
    >
      <ProFormText
        name="code"
        label={t('sys.dict.type.code')}
        disabled={type?.builtin}
        tooltip={t('sys.role.code.hint')}
        rules={[
          { required: true, whitespace: true, message: t('sys.dict.type.code.required') },
          { pattern: /^[a-z][a-z0-9_]{1,63}$/, message: t('sys.role.code.hint') },
        ]}
      />
      <ProFormText
        name="name"
        label={t('sys.dict.type.name')}
        rules={[{ required: true, whitespace: true, message: t('sys.dict.type.name.required') }]}
        fieldProps={{ maxLength: 64 }}
      />
      <ProFormTextArea
        name="description"
        label={t('sys.description')}
        fieldProps={{ maxLength: 255, rows: 2 }}
      />
    </ModalForm>
  );
};

interface EntryValues {
  dictKey: string;
  dictValue: string;
  sort?: number;
  labels?: Record<string, string>;
}

export const EntryForm: React.FC<{
  open: boolean;
  type: string;
  entry?: DictEntry;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}> = ({ open, type, entry, onOpenChange, onSaved }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<EntryValues>();
  const guard = useModalFormGuard(form, open);
  return (
    <ModalForm<EntryValues>
      name="dictEntryForm"
      form={form}
      open={open}
      onOpenChange={guard.openChange(onOpenChange)}
      title={entry ? t('sys.dict.entry.edit') : t('sys.dict.entry.add')}
      width={640}
      layout="vertical"
      modalProps={{ destroyOnClose: true, maskClosable: false }}
      initialValues={
        entry
          ? {
              dictKey: entry.dictKey,
              dictValue: entry.dictValue,
              sort: entry.sort,
              labels: parseLabels(entry.labels),
            }
          : { sort: 0, labels: {} }
      }
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={guard.finish(async (values) => {
        const data = {
          type,
          dictKey: values.dictKey.trim(),
          dictValue: values.dictValue.trim(),
          sort: values.sort ?? 0,
          labels: cleanLabels(values.labels),
        };
        try {
          if (entry) await updateDictEntry(entry.id, data);
          else await createDictEntry(data);
          message.success(entry ? t('common.modifySucceed') : t('sys.createSucceed'));
          onSaved();
          return true;
        } catch (e) {
          const text = showFormError(form, e, ['dictKey', 'dictValue', 'sort', 'labels']);
          if (text) message.error(text);
          return false;
        }
      })}
    >
      <ProFormText
        name="dictKey"
        label={t('sys.dict.entry.key')}
        tooltip={t('sys.dict.entry.key.hint')}
        rules={[{ required: true, whitespace: true, message: t('sys.dict.entry.key.required') }]}
        fieldProps={{ maxLength: 128 }}
      />
      <ProFormText
        name="dictValue"
        label={t('sys.dict.entry.value')}
        tooltip={t('sys.dict.entry.value.hint')}
        disabled={entry?.builtin}
        rules={[{ required: true, whitespace: true, message: t('sys.dict.entry.value.required') }]}
        fieldProps={{ maxLength: 128 }}
      />
      <ProFormDigit name="sort" label={t('sys.sort')} fieldProps={{ precision: 0 }} />
      <LabelsFields prefix="labels" title={t('sys.dict.entry.labels')} defaultOpen />
    </ModalForm>
  );
};
