import { DownloadOutlined, KeyOutlined, UnlockOutlined, UploadOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { Access } from '@/components/Access';
import {
  allRoles,
  deleteUser,
  exportUsers,
  listUsers,
  resetUserPassword,
  setUserStatus,
  unlockUser,
  USER_IMPORT_URL,
  USER_TEMPLATE_URL,
  type Role,
  type UserQuery,
  type UserView,
} from '@/services/sys-admin';
import { formatDate } from '@/utils/intl';
import ImportModal from '../shared/ImportModal';
import { orgOptions } from '../shared/orgs';
import { statusAsNumber } from '../shared/status';
import { showOncePassword } from '../shared/OncePassword';
import StatusSwitch from '../shared/StatusSwitch';
import SysPage from '../shared/SysPage';
import AddButton from '../shared/AddButton';
import DeleteAction from '../shared/DeleteAction';
import EditAction from '../shared/EditAction';
import { t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import { sysTableProps } from '../shared/tableProps';
import { useOrgTree } from '../shared/useOrgTree';
import UserForm from './components/UserForm';
import { tableRequest } from '@/utils/table';
import { roleName } from '@/utils/roles';

const IMPORT_COLUMNS = ['username', 'mobile', 'realName', 'email', 'orgId', 'roles', 'password'];

const fieldLabel = (field: string): string => {
  const key =
    field === 'roleIds'
      ? 'roles'
      : field === 'orgId'
        ? 'org'
        : field === 'userName'
          ? 'username'
          : field;
  const labels: Record<string, string> = {
    username: t('sys.user.username'),
    mobile: t('sys.user.mobile'),
    realName: t('sys.user.realName'),
    email: t('sys.user.email'),
    org: t('sys.user.org'),
    roles: t('sys.user.roles'),
    password: t('sys.user.password'),
  };
  return labels[key] ?? field;
};

/** /sys/user: users of the caller's scope (spec route table; issue 4). */
const UserPage: React.FC = () => {
  const { message, modal } = App.useApp();
  const action = useRef<ActionType>();
  const lastQuery = useRef<UserQuery>({});
  const { tree: orgs } = useOrgTree(true, true);
  const [roles, setRoles] = useState<Role[]>([]);
  const [form, showForm, setFormOpen] = useFormDialog<{ editing?: UserView }>();
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    allRoles()
      .then(setRoles)
      .catch(() => undefined);
  }, []);

  const orgTreeData = useMemo(() => orgOptions(orgs), [orgs]);
  const reload = () => action.current?.reload();

  const openForm = (editing?: UserView) => showForm({ editing });

  const resetPassword = (user: UserView) =>
    modal.confirm({
      title: t('sys.user.reset.confirm', { name: user.username }),
      content: t('sys.user.reset.hint'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const { password } = await resetUserPassword(user.id);
        showOncePassword(modal, { user: user.username, password });
        reload();
      },
    });

  const onExport = async () => {
    setExporting(true);
    try {
      await exportUsers(lastQuery.current);
    } catch {
      /* the request layer shows the server's message (e.g. no data to export) */
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<UserView>[] = [
    {
      title: t('sys.user.username'),
      dataIndex: 'username',
      fixed: 'left',
      width: 180,
      render: (_, r) => (
        <Space size={4}>
          <span data-testid="user-name">{r.username}</span>
          {r.adminFlag === '1' && <Tag color="gold">{t('sys.user.admin')}</Tag>}
        </Space>
      ),
    },
    { title: t('sys.user.realName'), dataIndex: 'realName', hideInSearch: true, width: 130 },
    { title: t('sys.user.mobile'), dataIndex: 'mobile', width: 140 },
    { title: t('sys.user.email'), dataIndex: 'email', hideInSearch: true, hideInTable: true },
    {
      title: t('sys.user.org'),
      dataIndex: 'orgId',
      valueType: 'treeSelect',
      width: 180,
      fieldProps: {
        treeData: orgTreeData,
        treeDefaultExpandAll: true,
        showSearch: true,
        treeNodeFilterProp: 'title',
      },
      render: (_, r) => r.orgName,
    },
    {
      title: t('sys.user.roles'),
      dataIndex: 'roleId',
      valueType: 'select',
      width: 200,
      fieldProps: {
        options: roles.map((r) => ({ label: roleName(r), value: r.id })),
        showSearch: true,
        optionFilterProp: 'label',
      },
      render: (_, r) =>
        r.roles.length
          ? r.roles.map((role) => (
              <Tag key={role.id} style={{ marginBottom: 2 }}>
                {roleName(role)}
              </Tag>
            ))
          : '-',
    },
    {
      title: t('sys.user.lastLogin'),
      dataIndex: 'lastLoginAt',
      hideInSearch: true,
      width: 170,
      render: (_, r) => (r.lastLoginAt ? formatDate(r.lastLoginAt) : '-'),
    },
    {
      title: t('sys.createdAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      sorter: true,
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('sys.status'),
      dataIndex: 'status',
      valueType: 'select',
      // never behind the horizontal scroll
      fixed: 'right',
      width: 130,
      valueEnum: {
        1: { text: t('sys.status.enabled'), status: 'Success' },
        0: { text: t('sys.status.disabled'), status: 'Default' },
      },
      render: (_, r) => (
        <StatusSwitch
          enabled={r.status === 1}
          name={r.username}
          enableCode="sys:user:enable"
          disableCode="sys:user:disable"
          onChange={(enabled) => setUserStatus(r.id, enabled)}
          onDone={reload}
        />
      ),
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      fixed: 'right',
      width: 340,
      render: (_, r) => [
        <EditAction key="edit" code="sys:user:edit" onClick={() => openForm(r)} />,
        <Access key="reset" code="sys:user:edit">
          <Typography.Link onClick={() => resetPassword(r)}>
            <KeyOutlined /> {t('sys.user.reset')}
          </Typography.Link>
        </Access>,
        <Access key="unlock" code="sys:user:unlock">
          <Popconfirm
            title={t('sys.user.unlock.confirm', { name: r.username })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={async () => {
              const { lifted } = await unlockUser(r.id);
              message.success(t('sys.user.unlock.done', { count: lifted }));
            }}
          >
            <Typography.Link data-testid="user-unlock">
              <UnlockOutlined /> {t('sys.user.unlock')}
            </Typography.Link>
          </Popconfirm>
        </Access>,
        <DeleteAction
          key="delete"
          code="sys:user:delete"
          name={r.username}
          onDelete={() => deleteUser(r.id)}
          onDone={reload}
        />,
      ],
    },
  ];

  return (
    <SysPage testId="sys-user-page">
      <ResponsiveTable<UserView>
        rowKey="id"
        actionRef={action}
        headerTitle={t('sys.user.title')}
        columns={columns}
        scroll={{ x: 1550 }}
        {...sysTableProps('user')}
        request={tableRequest(listUsers, {
          query: statusAsNumber,
          onPage: (_page, q) => {
            lastQuery.current = { ...q };
          },
        })}
        toolBarRender={() => [
          <AddButton
            key="add"
            code="sys:user:add"
            label={t('sys.user.add')}
            onClick={() => openForm()}
            testId="user-add"
          />,
          <Access key="import" code="sys:user:import">
            <Button
              icon={<UploadOutlined />}
              onClick={() => setImportOpen(true)}
              data-testid="user-import"
            >
              {t('sys.import')}
            </Button>
          </Access>,
          <Access key="export" code="sys:user:export">
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={onExport}
              data-testid="user-export"
            >
              {t('sys.export')}
            </Button>
          </Access>,
        ]}
      />
      <UserForm
        key={form.key}
        open={form.open}
        user={form.editing}
        orgs={orgs}
        roles={roles}
        onOpenChange={setFormOpen}
        onSaved={reload}
      />
      <ImportModal
        open={importOpen}
        title={t('sys.user.import')}
        importUrl={USER_IMPORT_URL}
        templateUrl={USER_TEMPLATE_URL}
        accept=".xlsx"
        columns={IMPORT_COLUMNS}
        fieldLabel={fieldLabel}
        onClose={() => setImportOpen(false)}
        onImported={reload}
      />
    </SysPage>
  );
};

export default UserPage;
