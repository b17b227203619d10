import {
  ModalForm,
  ProFormSelect,
  ProFormText,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { App, Form } from 'antd';
import React, { useMemo } from 'react';
import {
  createUser,
  updateUser,
  type OrgNode,
  type Role,
  type UserInput,
  type UserView,
} from '@/services/sys-admin';
import { MIN_PASSWORD, MOBILE_PATTERN } from '@/utils/validation';
import { formFields } from '@/utils/fieldErrors';
import { findOrg, orgOptions } from '../../shared/orgs';
import { showOncePassword } from '../../shared/OncePassword';
import { t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';
import { roleName } from '@/utils/roles';

const FIELDS = ['username', 'mobile', 'realName', 'email', 'password', 'orgId', 'roleIds'];
/** The server names a taken user name `userName` (the account form's name). */
const ALIAS = { userName: 'username' };

export interface UserFormProps {
  open: boolean;
  /** the user being edited; undefined creates one */
  user?: UserView;
  orgs: OrgNode[];
  roles: Role[];
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Create or edit a user: identity, organisation node and roles (server errors on the fields). */
const UserForm: React.FC<UserFormProps> = ({ open, user, orgs, roles, onOpenChange, onSaved }) => {
  const { modal } = App.useApp();
  const { form, formProps, finish } = useSysForm<UserInput>(
    open,
    onOpenChange,
    formFields(FIELDS, ALIAS),
  );
  const orgId = Form.useWatch('orgId', form);
  const orgType = findOrg(orgs, orgId)?.type;
  const treeData = useMemo(() => orgOptions(orgs), [orgs]);
  // Platform-only roles are offered only for users of the platform node.
  const roleOptions = roles
    .filter((r) => r.status === 1 || user?.roles.some((x) => x.id === r.id))
    .filter((r) => !r.platformOnly || !orgType || orgType === 'platform')
    .map((r) => ({ label: roleName(r), value: r.id }));

  return (
    <ModalForm<UserInput>
      name="userForm"
      {...formProps}
      title={user ? t('sys.user.edit') : t('sys.user.add')}
      width={560}
      initialValues={
        user
          ? {
              username: user.username,
              mobile: user.mobile,
              realName: user.realName,
              email: user.email,
              orgId: user.orgId,
              roleIds: user.roles.map((r) => r.id),
            }
          : { roleIds: [] }
      }
      onFinish={finish(
        !!user,
        async (values) => {
          const data: UserInput = {
            ...values,
            username: values.username?.trim(),
            mobile: values.mobile?.trim(),
            roleIds: values.roleIds ?? [],
          };
          if (user) {
            await updateUser(user.id, data);
            return undefined;
          }
          return createUser(data);
        },
        (created) => {
          if (created?.password) {
            showOncePassword(modal, { user: created.username, password: created.password });
          }
          onSaved();
        },
      )}
    >
      <ProFormText
        name="username"
        label={t('sys.user.username')}
        rules={[{ required: true, whitespace: true, message: t('sys.user.username.required') }]}
        fieldProps={{ maxLength: 64, autoComplete: 'off' }}
      />
      <ProFormText
        name="mobile"
        label={t('sys.user.mobile')}
        rules={[
          { required: true, whitespace: true, message: t('sys.user.mobile.required') },
          { pattern: MOBILE_PATTERN, message: t('sys.user.mobile.invalid') },
        ]}
      />
      <ProFormText name="realName" label={t('sys.user.realName')} fieldProps={{ maxLength: 64 }} />
      <ProFormText
        name="email"
        label={t('sys.user.email')}
        rules={[{ type: 'email', message: t('sys.user.email.invalid') }]}
      />
      {!user && (
        <ProFormText.Password
          name="password"
          label={t('sys.user.password')}
          placeholder={t('sys.user.password.generated')}
          rules={[
            { min: MIN_PASSWORD, message: t('sys.user.password.min', { min: MIN_PASSWORD }) },
          ]}
          fieldProps={{ autoComplete: 'new-password' }}
        />
      )}
      <ProFormTreeSelect
        name="orgId"
        label={t('sys.user.org')}
        rules={[{ required: true, message: t('sys.user.org.required') }]}
        fieldProps={{
          treeData,
          treeDefaultExpandAll: true,
          showSearch: true,
          treeNodeFilterProp: 'title',
        }}
      />
      <ProFormSelect
        name="roleIds"
        label={t('sys.user.roles')}
        mode="multiple"
        options={roleOptions}
        fieldProps={{ optionFilterProp: 'label' }}
      />
    </ModalForm>
  );
};

export default UserForm;
