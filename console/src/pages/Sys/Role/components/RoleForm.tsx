import {
  ModalForm,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import React from 'react';
import { createRole, updateRole, type Role, type RoleInput } from '@/services/sys-admin';
import { t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';

const FIELDS = ['name', 'code', 'description', 'dataScope', 'sort', 'platformOnly'];

export const dataScopeLabel = (scope: string) =>
  ({
    all: t('sys.role.scope.all'),
    merchant: t('sys.role.scope.merchant'),
    venue: t('sys.role.scope.venue'),
    self: t('sys.role.scope.self'),
  })[scope] ?? scope;

const RoleForm: React.FC<{
  open: boolean;
  role?: Role;
  platform: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}> = ({ open, role, platform, onOpenChange, onSaved }) => {
  const { formProps, finish } = useSysForm<RoleInput>(open, onOpenChange, FIELDS);
  const scopes = (
    platform ? ['all', 'merchant', 'venue', 'self'] : ['merchant', 'venue', 'self']
  ).map((s) => ({ label: dataScopeLabel(s), value: s }));
  return (
    <ModalForm<RoleInput>
      name="roleForm"
      {...formProps}
      title={role ? t('sys.role.edit') : t('sys.role.add')}
      width={520}
      initialValues={
        role
          ? {
              name: role.name,
              code: role.code,
              description: role.description,
              dataScope: role.dataScope,
              sort: role.sort,
              platformOnly: role.platformOnly,
            }
          : { dataScope: 'merchant', sort: 0, platformOnly: false }
      }
      onFinish={finish(
        !!role,
        (values) => (role ? updateRole(role.id, values) : createRole(values)),
        onSaved,
      )}
    >
      <ProFormText
        name="name"
        label={t('sys.role.name')}
        rules={[{ required: true, whitespace: true, message: t('sys.role.name.required') }]}
        fieldProps={{ maxLength: 64 }}
      />
      <ProFormText
        name="code"
        label={t('sys.role.code')}
        tooltip={t('sys.role.code.hint')}
        disabled={role?.builtin}
        rules={[
          { required: true, whitespace: true, message: t('sys.role.code.required') },
          { pattern: /^[a-z][a-z0-9_]{1,63}$/, message: t('sys.role.code.hint') },
        ]}
      />
      <ProFormTextArea
        name="description"
        label={t('sys.description')}
        fieldProps={{ maxLength: 255, rows: 2 }}
      />
      <ProFormSelect name="dataScope" label={t('sys.role.dataScope')} options={scopes} />
      <ProFormDigit name="sort" label={t('sys.sort')} fieldProps={{ precision: 0 }} />
      {platform && (
        <ProFormSwitch
          name="platformOnly"
          label={t('sys.role.platformOnly')}
          tooltip={t('sys.role.platformOnly.hint')}
        />
      )}
    </ModalForm>
  );
};

export default RoleForm;
