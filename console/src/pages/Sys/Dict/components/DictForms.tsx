import { ModalForm, ProFormDigit, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
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
import LabelsFields from '../../shared/LabelsFields';
import { cleanLabels, parseLabels } from '../../shared/labels';
import { t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';

export const TypeForm: React.FC<{
  open: boolean;
  type?: DictType;
  onOpenChange: (open: boolean) => void;
  onSaved: (type: DictType) => void;
}> = ({ open, type, onOpenChange, onSaved }) => {
  const { formProps, finish } = useSysForm<DictTypeInput>(open, onOpenChange, [
    'code',
    'name',
    'description',
  ]);
  return (
    <ModalForm<DictTypeInput>
      name="dictTypeForm"
      {...formProps}
      title={type ? t('sys.dict.type.edit') : t('sys.dict.type.add')}
      width={480}
      initialValues={
        type ? { code: type.code, name: type.name, description: type.description } : {}
      }
      onFinish={finish(
        !!type,
        (values) => (type ? updateDictType(type.id, values) : createDictType(values)),
        onSaved,
      )}
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
  const { formProps, finish } = useSysForm<EntryValues>(open, onOpenChange, [
    'dictKey',
    'dictValue',
    'sort',
    'labels',
  ]);
  return (
    <ModalForm<EntryValues>
      name="dictEntryForm"
      {...formProps}
      title={entry ? t('sys.dict.entry.edit') : t('sys.dict.entry.add')}
      width={640}
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
      onFinish={finish(
        !!entry,
        (values) => {
          const data = {
            type,
            dictKey: values.dictKey.trim(),
            dictValue: values.dictValue.trim(),
            sort: values.sort ?? 0,
            labels: cleanLabels(values.labels),
          };
          return entry ? updateDictEntry(entry.id, data) : createDictEntry(data);
        },
        onSaved,
      )}
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
