import { Form, Select, Space } from 'antd';
import React from 'react';
import { schemaFields } from '@/components/FormilyDesigner/model';
import { readFieldPerms } from '../xml';
import { t, type SectionProps } from './section';

/** A user task's form and the access of each of its fields. */
const UserTaskFormSection: React.FC<SectionProps> = ({
  moddle,
  bo,
  forms,
  formOptions,
  setVenue,
  venue,
  setExtension,
}) => {
  const formKey = venue('formKey');
  const form = forms.find((f) => f.key === formKey);
  const fields = form ? schemaFields(form.schema) : [];
  const perms = readFieldPerms(bo);
  const setPerm = (name: string, access: string | undefined) => {
    const next = { ...perms };
    if (access) next[name] = access;
    else delete next[name];
    const entries = Object.entries(next);
    setExtension(
      'venue:FieldPermissions',
      entries.length
        ? [
            moddle.create('venue:FieldPermissions', {
              fields: entries.map(([n, a]) => moddle.create('venue:Field', { name: n, access: a })),
            }),
          ]
        : undefined,
    );
  };
  return (
    <>
      <Form.Item label={t('process.model.prop.formKey')}>
        <Select
          allowClear
          showSearch
          options={formOptions}
          value={formKey}
          onChange={(v) => setVenue('formKey', v)}
          data-testid="prop-formKey"
        />
      </Form.Item>
      {fields.length > 0 && (
        <Form.Item label={t('process.model.prop.fieldPerms')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((f) => (
              <Space key={f.name} style={{ justifyContent: 'space-between', width: '100%' }}>
                <span>{f.title}</span>
                <Select
                  size="small"
                  style={{ width: 110 }}
                  value={perms[f.name] ?? 'write'}
                  options={['write', 'read', 'hidden'].map((a) => ({
                    label: t(`process.model.access.${a}`),
                    value: a,
                  }))}
                  onChange={(v) => setPerm(f.name, v === 'write' && !perms[f.name] ? undefined : v)}
                  data-testid={`perm-${f.name}`}
                />
              </Space>
            ))}
          </Space>
        </Form.Item>
      )}
    </>
  );
};

export default UserTaskFormSection;
