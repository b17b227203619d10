import {
  ModalForm,
  ProFormCheckbox,
  ProFormDigit,
  ProFormSwitch,
  ProFormText,
  ProFormTreeSelect,
} from '@ant-design/pro-components';
import { Col, Form, Row } from 'antd';
import React, { useMemo } from 'react';
import { menuIcon } from '@/components/MenuIcon';
import { createMenu, updateMenu, type MenuInput, type MenuNode } from '@/services/sys-admin';
import { menuTitle } from '@/utils/intl';
import { ACTIONS } from '../../shared/grants';
import { actionLabel, t } from '../../shared/text';
import { useSysForm } from '../../shared/useSysForm';

const FIELDS = [
  'parentId',
  'name',
  'url',
  'icon',
  'sort',
  'static',
  'hidden',
  'permission',
  'actions',
];

interface Option {
  title: string;
  value: number;
  disabled?: boolean;
  children?: Option[];
}

/** Parent choices: the tree without the entry itself and its descendants (no cycles). */
function parentOptions(nodes: MenuNode[], exclude?: number): Option[] {
  return nodes
    .filter((n) => n.id !== exclude)
    .map((n) => ({
      title: menuTitle({ name: n.name, title: n.title }),
      value: n.id,
      children: n.children?.length ? parentOptions(n.children, exclude) : undefined,
    }));
}

const MenuForm: React.FC<{
  open: boolean;
  tree: MenuNode[];
  menu?: MenuNode;
  parentId?: number;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}> = ({ open, tree, menu, parentId, onOpenChange, onSaved }) => {
  const { form, formProps, finish } = useSysForm<MenuInput>(open, onOpenChange, FIELDS);
  const icon = Form.useWatch('icon', form);
  const options = useMemo(
    () => [{ title: t('sys.menu.root'), value: 0, children: parentOptions(tree, menu?.id) }],
    [tree, menu?.id],
  );
  return (
    <ModalForm<MenuInput>
      name="menuForm"
      {...formProps}
      title={menu ? t('sys.menu.edit') : t('sys.menu.add')}
      width={640}
      initialValues={
        menu
          ? {
              parentId: menu.parentId,
              name: menu.name,
              url: menu.url,
              icon: menu.icon,
              sort: menu.sort,
              static: menu.static,
              hidden: menu.hidden,
              permission: menu.permission,
              actions: menu.actions,
            }
          : { parentId: parentId ?? 0, sort: 0, static: false, hidden: false, actions: [] }
      }
      onFinish={finish(
        !!menu,
        (values) => {
          const data = { ...values, parentId: values.parentId ?? 0, actions: values.actions ?? [] };
          return menu ? updateMenu(menu.id, data) : createMenu(data);
        },
        onSaved,
      )}
    >
      <ProFormTreeSelect
        name="parentId"
        label={t('sys.menu.parent')}
        fieldProps={{
          treeData: options,
          treeDefaultExpandAll: true,
          showSearch: true,
          treeNodeFilterProp: 'title',
        }}
      />
      <Row gutter={16}>
        <Col span={12}>
          <ProFormText
            name="name"
            label={t('sys.menu.name')}
            tooltip={t('sys.menu.name.hint')}
            rules={[{ required: true, whitespace: true, message: t('sys.menu.name.required') }]}
          />
        </Col>
        <Col span={12}>
          <ProFormText
            name="url"
            label={t('sys.menu.url')}
            rules={[
              { required: true, whitespace: true, message: t('sys.menu.url.required') },
              { pattern: /^\//, message: t('sys.menu.url.slash') },
            ]}
          />
        </Col>
        <Col span={12}>
          <ProFormText
            name="icon"
            label={t('sys.menu.icon')}
            placeholder="SettingOutlined"
            fieldProps={{ suffix: menuIcon(icon) ?? <span /> }}
          />
        </Col>
        <Col span={12}>
          <ProFormDigit
            name="sort"
            label={t('sys.sort')}
            tooltip={t('sys.menu.sort.hint')}
            fieldProps={{ precision: 0 }}
          />
        </Col>
        <Col span={12}>
          <ProFormSwitch
            name="static"
            label={t('sys.menu.static')}
            tooltip={t('sys.menu.static.hint')}
          />
        </Col>
        <Col span={12}>
          <ProFormSwitch name="hidden" label={t('sys.menu.hidden')} />
        </Col>
      </Row>
      <ProFormText
        name="permission"
        label={t('sys.menu.permission')}
        placeholder="sys:user"
        tooltip={t('sys.menu.permission.hint')}
        rules={[{ pattern: /^$|^[^:]+:[^:]+$/, message: t('sys.menu.permission.hint') }]}
      />
      <ProFormCheckbox.Group
        name="actions"
        label={t('sys.menu.actions')}
        options={ACTIONS.map((a) => ({ label: actionLabel(a), value: a }))}
      />
    </ModalForm>
  );
};

export default MenuForm;
