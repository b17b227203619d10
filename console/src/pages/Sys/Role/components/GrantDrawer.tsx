import { Button, Empty, Space, Spin, Tag, Tree, App } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { getRole, grantTree, setRoleGrants, type GrantNode, type Role } from '@/services/sys-admin';
import { menuTitle } from '@/utils/intl';
import {
  allKeys,
  checkedKeysOf,
  grantsFromKeys,
  grantTreeData,
  type GrantTreeNode,
} from '../../shared/grants';
import { actionLabel, t } from '../../shared/text';
import { roleName } from '@/utils/roles';
import Sheet from '@/components/Sheet';

export interface GrantDrawerProps {
  role?: Role;
  onClose: () => void;
}

/**
 * A role's grants in one tree with checkboxes: each menu, and below it the operation keys
 * it offers that the current user may hand on. Checking a menu checks all its operations.
 */
const GrantDrawer: React.FC<GrantDrawerProps> = ({ role, onClose }) => {
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<GrantNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  // unsaved input: the checked grants differ from the role's as loaded
  const loaded = useRef<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads per role, not per copy of the row; onClose is the parent's inline callback, new on every render
  useEffect(() => {
    if (!role) return;
    let live = true;
    setLoading(true);
    Promise.all([grantTree(), getRole(role.id)])
      .then(([tree, detail]) => {
        if (!live) return;
        setNodes(tree ?? []);
        const keys = checkedKeysOf(tree ?? [], detail);
        loaded.current = JSON.stringify([...keys].sort());
        setChecked(keys);
        setExpanded(
          allKeys(
            grantTreeData(
              tree ?? [],
              () => '',
              () => '',
            ),
          ).filter((k) => k.startsWith('m:')),
        );
      })
      .catch(() => live && onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [role?.id]);

  const treeData = useMemo(
    () => grantTreeData(nodes, (n) => menuTitle({ name: n.name, title: n.title }), actionLabel),
    [nodes],
  );
  const every = useMemo(() => allKeys(treeData), [treeData]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await setRoleGrants(role.id, grantsFromKeys(nodes, checked));
      message.success(t('common.modifySucceed'));
      onClose();
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Sheet
      open={!!role}
      onClose={onClose}
      dirty={() =>
        loaded.current !== undefined && JSON.stringify([...checked].sort()) !== loaded.current
      }
      width={520}
      destroyOnClose
      title={t('sys.role.grants.title', { name: role ? roleName(role) : '' })}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="grant-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => setExpanded(every)}>
          {t('sys.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('sys.collapseAll')}
        </Button>
        <Button size="small" onClick={() => setChecked(every)}>
          {t('sys.checkAll')}
        </Button>
        <Button size="small" onClick={() => setChecked([])}>
          {t('sys.checkNone')}
        </Button>
      </Space>
      <Spin spinning={loading}>
        {treeData.length === 0 && !loading ? (
          <Empty />
        ) : (
          <Tree<GrantTreeNode>
            checkable
            selectable={false}
            treeData={treeData}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys as string[])}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked) as string[])}
            titleRender={(n) =>
              n.isAction ? (
                <Tag bordered={false} color="blue" data-grant={n.key}>
                  {n.title}
                </Tag>
              ) : (
                <span data-grant={n.key}>{n.title}</span>
              )
            }
          />
        )}
      </Spin>
    </Sheet>
  );
};

export default GrantDrawer;
