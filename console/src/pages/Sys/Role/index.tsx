import { SafetyOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { useModel } from '@umijs/max';
import { Space, Tag, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import { Access } from '@/components/Access';
import { deleteRole, listRoles, setRoleStatus, type Role } from '@/services/sys-admin';
import { formatDate } from '@/utils/intl';
import StatusSwitch from '../shared/StatusSwitch';
import SysPage from '../shared/SysPage';
import AddButton from '../shared/AddButton';
import DeleteAction from '../shared/DeleteAction';
import EditAction from '../shared/EditAction';
import { t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import { sysTableProps } from '../shared/tableProps';
import GrantDrawer from './components/GrantDrawer';
import RoleForm, { dataScopeLabel } from './components/RoleForm';
import { statusAsNumber } from '../shared/status';
import { tableRequest } from '@/utils/table';
import { roleName } from '@/utils/roles';

/** /sys/role: roles with their data scope, status and grants (menus + operation keys). */
const RolePage: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const platform = user?.orgType === 'platform';
  const action = useRef<ActionType>();
  const [form, showForm, setFormOpen] = useFormDialog<{ editing?: Role }>();
  const [granting, setGranting] = useState<Role>();
  const reload = () => action.current?.reload();

  /** A merchant changes its own roles only; the platform's templates are read-only to it. */
  const owned = (r: Role) => platform || r.merchantId === user?.merchantId;

  const openForm = (editing?: Role) => showForm({ editing });

  const columns: ProColumns<Role>[] = [
    {
      title: t('sys.role.name'),
      dataIndex: 'name',
      width: 240,
      render: (_, r) => (
        <Space size={4}>
          <span>{roleName(r)}</span>
          {r.builtin && <Tag>{t('sys.builtin')}</Tag>}
          {r.merchantId === 0 && !platform && <Tag color="purple">{t('sys.role.template')}</Tag>}
        </Space>
      ),
    },
    { title: t('sys.role.code'), dataIndex: 'code', copyable: true, width: 190 },
    { title: t('sys.description'), dataIndex: 'description', hideInSearch: true, ellipsis: true },
    {
      title: t('sys.role.dataScope'),
      dataIndex: 'dataScope',
      hideInSearch: true,
      render: (_, r) => dataScopeLabel(r.dataScope),
    },
    {
      title: t('sys.role.platformOnly'),
      dataIndex: 'platformOnly',
      hideInSearch: true,
      hideInTable: !platform,
      render: (_, r) => (r.platformOnly ? <Tag color="blue">{t('sys.yes')}</Tag> : t('sys.no')),
    },
    { title: t('sys.sort'), dataIndex: 'sort', hideInSearch: true, sorter: true, width: 80 },
    {
      title: t('sys.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: {
        1: { text: t('sys.status.enabled'), status: 'Success' },
        0: { text: t('sys.status.disabled'), status: 'Default' },
      },
      render: (_, r) =>
        owned(r) ? (
          <StatusSwitch
            enabled={r.status === 1}
            name={r.name}
            enableCode="sys:role:enable"
            disableCode="sys:role:disable"
            onChange={(enabled) => setRoleStatus(r.id, enabled)}
            onDone={reload}
          />
        ) : (
          <Tag color={r.status === 1 ? 'green' : 'default'}>
            {r.status === 1 ? t('sys.status.enabled') : t('sys.status.disabled')}
          </Tag>
        ),
    },
    {
      title: t('sys.createdAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      hideInTable: true,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 230,
      render: (_, r) =>
        owned(r)
          ? [
              <EditAction key="edit" code="sys:role:edit" onClick={() => openForm(r)} />,
              <Access key="grant" code="sys:role:edit">
                <Typography.Link
                  onClick={() => setGranting(r)}
                  data-testid={`role-grant-${r.code}`}
                >
                  <SafetyOutlined /> {t('sys.role.grants')}
                </Typography.Link>
              </Access>,
              !r.builtin && (
                <DeleteAction
                  key="delete"
                  code="sys:role:delete"
                  name={r.name}
                  onDelete={() => deleteRole(r.id)}
                  onDone={reload}
                />
              ),
            ]
          : [],
    },
  ];

  return (
    <SysPage testId="sys-role-page">
      <ResponsiveTable<Role>
        rowKey="id"
        actionRef={action}
        headerTitle={t('sys.role.title')}
        scroll={{ x: 1200 }}
        columns={columns}
        {...sysTableProps('role')}
        request={tableRequest(listRoles, { query: statusAsNumber })}
        toolBarRender={() => [
          <AddButton
            key="add"
            code="sys:role:add"
            label={t('sys.role.add')}
            onClick={() => openForm()}
            testId="role-add"
          />,
        ]}
      />
      <RoleForm
        key={form.key}
        open={form.open}
        role={form.editing}
        platform={platform}
        onOpenChange={setFormOpen}
        onSaved={reload}
      />
      <GrantDrawer role={granting} onClose={() => setGranting(undefined)} />
    </SysPage>
  );
};

export default RolePage;
