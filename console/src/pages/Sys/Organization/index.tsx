import {
  ApartmentOutlined,
  EditOutlined,
  HomeOutlined,
  PlusOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { useModel } from '@umijs/max';
import {
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Row,
  Space,
  Spin,
  Tabs,
  Tag,
  Tree,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import React, { useEffect, useMemo, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import { deleteOrg, getOrg, setOrgStatus, type Org, type OrgNode } from '@/services/sys-admin';
import { formatDate } from '@/utils/intl';
import { childTypeOf, findOrg } from '../shared/orgs';
import StatusSwitch from '../shared/StatusSwitch';
import SysPage from '../shared/SysPage';
import DeleteAction from '../shared/DeleteAction';
import { t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import { useOrgTree } from '../shared/useOrgTree';
import Applications from './components/Applications';
import OrgForm from './components/OrgForm';
import { safeHref } from '@/utils/safeHref';

const TYPE_ICONS = {
  platform: <ApartmentOutlined />,
  merchant: <ShopOutlined />,
  venue: <HomeOutlined />,
};

const typeLabel = (type: string) =>
  ({
    platform: t('sys.org.type.platform'),
    merchant: t('sys.org.type.merchant'),
    venue: t('sys.org.type.venue'),
  })[type] ?? type;

function treeNodes(nodes: OrgNode[], filter: string): DataNode[] {
  const q = filter.trim().toLowerCase();
  return nodes.flatMap((n) => {
    const children = treeNodes(n.children ?? [], filter);
    if (q && !n.name.toLowerCase().includes(q) && children.length === 0) return [];
    return [
      {
        key: n.id,
        icon: TYPE_ICONS[n.type],
        title: (
          <span data-org={n.name} style={{ opacity: n.status === 1 ? 1 : 0.5 }}>
            {n.name}
            {n.status !== 1 && (
              <Tag style={{ marginInlineStart: 6 }}>{t('sys.status.disabled')}</Tag>
            )}
          </span>
        ),
        children,
      },
    ];
  });
}

const allIds = (nodes: OrgNode[]): number[] =>
  nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** /sys/organization: platform -> merchant -> venue tree, a node's profile, sign-up review. */
const OrganizationPage: React.FC = () => {
  const { initialState } = useModel('@@initialState');
  const { can } = useOperation();
  const platform = initialState?.currentUser?.orgType === 'platform';
  const { tree, loading, reload } = useOrgTree();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<number>();
  const [detail, setDetail] = useState<Org>();
  const [form, showForm, setFormOpen] = useFormDialog<{
    org?: Org;
    parent?: Org;
    type?: 'merchant' | 'venue';
  }>();
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: selects the first organisation when the tree arrives, unless the user already chose one
  useEffect(() => {
    if (tree.length && selected === undefined) setSelected(tree[0].id);
    setExpanded((e) => (e.length ? e : allIds(tree).slice(0, 50)));
  }, [tree]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree is only a quick first answer for the detail; a reloaded tree must not fetch the detail again
  useEffect(() => {
    if (selected === undefined) return;
    let live = true;
    const fromTree = findOrg(tree, selected);
    if (fromTree) setDetail(fromTree);
    getOrg(selected)
      .then((o) => live && setDetail(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [selected]);

  const data = useMemo(() => treeNodes(tree, filter), [tree, filter]);
  const node = detail;
  const childType = childTypeOf(node?.type);
  const own = node && node.id === initialState?.currentUser?.orgId;

  const refresh = async (keep?: number) => {
    const next = await reload();
    const id = keep ?? selected;
    if (id !== undefined) {
      const hit = findOrg(next, id);
      if (hit) {
        setDetail(hit);
        getOrg(id)
          .then(setDetail)
          .catch(() => undefined);
      } else {
        setSelected(next[0]?.id);
      }
    }
  };

  const orgTab = (
    <Row gutter={16}>
      <Col xs={24} md={9} lg={8}>
        <Card size="small" title={t('sys.org.tree')}>
          <Input.Search
            allowClear
            placeholder={t('sys.org.search')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <Spin spinning={loading}>
            <Tree
              showIcon
              blockNode
              treeData={data}
              expandedKeys={filter ? allIds(tree) : expanded}
              onExpand={(k) => setExpanded(k)}
              selectedKeys={selected !== undefined ? [selected] : []}
              onSelect={(keys) => keys.length && setSelected(Number(keys[0]))}
              data-testid="org-tree"
            />
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={15} lg={16}>
        <Card
          size="small"
          title={
            node ? (
              <Space>
                {TYPE_ICONS[node.type]}
                <span data-testid="org-detail-name">{node.name}</span>
                <Tag>{typeLabel(node.type)}</Tag>
              </Space>
            ) : (
              t('sys.org.detail')
            )
          }
          extra={
            node && (
              <Space wrap>
                {childType && (childType === 'venue' || platform) && (
                  <Access code="sys:org:add">
                    <Button
                      type="primary"
                      size="small"
                      icon={<PlusOutlined />}
                      data-testid={`org-add-${childType}`}
                      onClick={() => showForm({ parent: node, type: childType })}
                    >
                      {childType === 'merchant' ? t('sys.org.addMerchant') : t('sys.org.addVenue')}
                    </Button>
                  </Access>
                )}
                <Access code="sys:org:edit">
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => showForm({ org: node })}
                  >
                    {t('sys.edit')}
                  </Button>
                </Access>
                {node.type !== 'platform' && !own && (
                  <DeleteAction
                    button
                    code="sys:org:delete"
                    name={node.name}
                    description={t('sys.org.delete.hint')}
                    onDelete={() => deleteOrg(node.id)}
                    onDone={() => {
                      setSelected(node.parentId || undefined);
                      refresh(node.parentId);
                    }}
                  />
                )}
              </Space>
            )
          }
        >
          {node ? (
            <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
              <Descriptions.Item label={t('sys.org.type')}>
                {typeLabel(node.type)}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.status')}>
                {node.type === 'platform' || own ? (
                  <Tag color={node.status === 1 ? 'green' : 'default'}>
                    {node.status === 1 ? t('sys.status.enabled') : t('sys.status.disabled')}
                  </Tag>
                ) : (
                  <StatusSwitch
                    enabled={node.status === 1}
                    name={node.name}
                    enableCode="sys:org:enable"
                    disableCode="sys:org:disable"
                    onChange={(enabled) => setOrgStatus(node.id, enabled)}
                    onDone={() => refresh(node.id)}
                  />
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.contact')}>
                {node.contact || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.mobile')}>
                {node.mobile || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.address')} span={2}>
                {node.address || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.area')}>
                {node.areaCode || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.licenceNo')}>
                {node.licenceNo || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.org.currency')}>{node.currency}</Descriptions.Item>
              <Descriptions.Item label={t('sys.org.timezone')}>{node.timezone}</Descriptions.Item>
              <Descriptions.Item label={t('sys.org.logo')}>
                {safeHref(node.logo) ? (
                  <Avatar shape="square" size={48} src={safeHref(node.logo)} />
                ) : (
                  '-'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.createdAt')}>
                {formatDate(node.createdAt)}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={t('sys.org.pick')} />
          )}
        </Card>
      </Col>
    </Row>
  );

  const showSignups = platform && can('sys:org:query');

  return (
    <SysPage testId="sys-org-page">
      <Card>
        {showSignups ? (
          <Tabs
            items={[
              { key: 'tree', label: t('sys.org.tab.tree'), children: orgTab },
              {
                key: 'signups',
                label: t('onboarding.signup.title'),
                children: <Applications onApproved={() => refresh()} />,
              },
            ]}
          />
        ) : (
          orgTab
        )}
      </Card>
      <OrgForm
        key={form.key}
        open={form.open}
        org={form.org}
        parent={form.parent}
        type={form.type}
        onOpenChange={setFormOpen}
        onSaved={(saved) => {
          if (!form.org) setExpanded((e) => [...e, form.parent?.id ?? 0]);
          refresh(form.org ? form.org.id : saved.id);
          if (!form.org) setSelected(saved.id);
        }}
      />
    </SysPage>
  );
};

export default OrganizationPage;
