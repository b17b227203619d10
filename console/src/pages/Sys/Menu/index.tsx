import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import { Access } from '@/components/Access';
import { menuIcon } from '@/components/MenuIcon';
import { deleteMenu, menuTree, type MenuNode } from '@/services/sys-admin';
import { menuTitle } from '@/utils/intl';
import SysPage from '../shared/SysPage';
import AddButton from '../shared/AddButton';
import DeleteAction from '../shared/DeleteAction';
import EditAction from '../shared/EditAction';
import { actionLabel, t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import { sysTableProps } from '../shared/tableProps';
import MenuForm from './components/MenuForm';

/** Keeps the entries whose title, key, url or permission contains the text, with their parents. */
function filterTree(nodes: MenuNode[], text: string): MenuNode[] {
  if (!text) return nodes;
  const q = text.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    const own = [menuTitle({ name: n.name, title: n.title }), n.name, n.url, n.permission]
      .join(' ')
      .toLowerCase()
      .includes(q);
    return own || children.length ? [{ ...n, children: own ? n.children : children }] : [];
  });
}

/** /sys/menu: the menu tree (localized name key, url, icon, sort, flags, operation keys). */
const MenuPage: React.FC = () => {
  const action = useRef<ActionType>();
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [form, showForm, setFormOpen] = useFormDialog<{ menu?: MenuNode; parentId?: number }>();
  const reload = () => action.current?.reload();
  const open = (menu?: MenuNode, parentId?: number) => showForm({ menu, parentId });

  const columns: ProColumns<MenuNode>[] = [
    {
      title: t('sys.api.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('sys.menu.search') },
    },
    {
      title: t('sys.menu.title'),
      dataIndex: 'title',
      hideInSearch: true,
      render: (_, r) => (
        <Space size={6}>
          {menuIcon(r.icon)}
          <span>{menuTitle({ name: r.name, title: r.title })}</span>
        </Space>
      ),
    },
    { title: t('sys.menu.name'), dataIndex: 'name', hideInSearch: true, copyable: true },
    { title: t('sys.menu.url'), dataIndex: 'url', hideInSearch: true },
    { title: t('sys.menu.permission'), dataIndex: 'permission', hideInSearch: true },
    {
      title: t('sys.menu.actions'),
      dataIndex: 'actions',
      hideInSearch: true,
      render: (_, r) =>
        r.actions?.length
          ? r.actions.map((a) => (
              <Tag key={a} bordered={false} style={{ marginBottom: 2 }}>
                {actionLabel(a)}
              </Tag>
            ))
          : '-',
    },
    { title: t('sys.sort'), dataIndex: 'sort', hideInSearch: true, width: 80 },
    {
      title: t('sys.menu.flags'),
      dataIndex: 'flags',
      hideInSearch: true,
      render: (_, r) => (
        <Space size={2}>
          {r.static && <Tag color="blue">{t('sys.menu.static')}</Tag>}
          {r.hidden && <Tag>{t('sys.menu.hidden')}</Tag>}
          {!r.static && !r.hidden && '-'}
        </Space>
      ),
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 230,
      render: (_, r) => [
        <Access key="child" code="sys:menu:add">
          <Typography.Link onClick={() => open(undefined, r.id)}>
            <PlusOutlined /> {t('sys.menu.addChild')}
          </Typography.Link>
        </Access>,
        <EditAction key="edit" code="sys:menu:edit" onClick={() => open(r)} />,
        <DeleteAction
          key="delete"
          code="sys:menu:delete"
          name={menuTitle({ name: r.name, title: r.title })}
          description={r.children?.length ? t('sys.menu.delete.children') : undefined}
          onDelete={() => deleteMenu(r.id)}
          onDone={reload}
        />,
      ],
    },
  ];

  return (
    <SysPage testId="sys-menu-page">
      <ProTable<MenuNode>
        rowKey="id"
        actionRef={action}
        headerTitle={t('sys.menu.heading')}
        columns={columns}
        {...sysTableProps('menu')}
        pagination={false}
        expandable={{ defaultExpandAllRows: false, childrenColumnName: 'children' }}
        request={async (params) => {
          const all = await menuTree();
          setTree(all ?? []);
          const data = filterTree(all ?? [], String(params.keyword ?? '').trim());
          // empty children arrays would show expand icons on leaves
          const strip = (list: MenuNode[]): MenuNode[] =>
            list.map((n) => ({
              ...n,
              children: (n.children?.length ? strip(n.children) : undefined) as MenuNode[],
            }));
          return { data: strip(data), success: true };
        }}
        toolBarRender={() => [
          <AddButton
            key="add"
            code="sys:menu:add"
            label={t('sys.menu.add')}
            onClick={() => open(undefined, 0)}
          />,
        ]}
      />
      <MenuForm
        key={form.key}
        open={form.open}
        tree={tree}
        menu={form.menu}
        parentId={form.parentId}
        onOpenChange={setFormOpen}
        onSaved={reload}
      />
    </SysPage>
  );
};

export default MenuPage;
