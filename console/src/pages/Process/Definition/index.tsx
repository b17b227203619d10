/**
 * /process/definition: deployed versions per key, the diagram viewer with the frozen forms,
 * suspend / activate, delete, and starting an instance with the start form.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Descriptions, Drawer, Popconfirm, Skeleton, Space, Tabs, Tag, Tooltip } from 'antd';
import React, { useRef, useState } from 'react';
import { StateTag, t } from '../components/labels';
import StartDialog from '../components/StartDialog';
import { Access } from '@/components/Access';
import BpmnViewer from '@/components/BpmnViewer';
import { FormRenderer, useProcessForm } from '@/components/FormilyRenderer';
import {
  activateDefinition,
  deleteDefinition,
  getDefinition,
  listDefinitions,
  suspendDefinition,
  type Definition,
  type DefinitionDetail,
  type FrozenForm,
} from '@/services/process';
import { feedback } from '@/utils/feedback';
import { formatDate } from '@/utils/intl';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

const FormPreview: React.FC<{ form: FrozenForm }> = ({ form }) => {
  const f = useProcessForm(undefined, true);
  return <FormRenderer form={f} schema={form.schema} />;
};

const DefinitionPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [viewing, setViewing] = useState<DefinitionDetail>();
  const [viewOpen, setViewOpen] = useState(false);
  const [starting, setStarting] = useState<DefinitionDetail>();

  const view = async (row: Definition) => {
    setViewOpen(true);
    setViewing(undefined);
    setViewing(await getDefinition(row.id));
  };
  const start = async (row: Definition) => setStarting(await getDefinition(row.id));
  const reload = () => actionRef.current?.reload();

  const columns: ProColumns<Definition>[] = [
    {
      title: t('process.definition.name'),
      dataIndex: 'name',
      search: false,
      render: (_, r) => <ActionLink onClick={() => view(r)}>{r.name}</ActionLink>,
    },
    {
      title: t('process.definition.key'),
      dataIndex: 'key',
      render: (_, r) => (
        <Space size={4}>
          {r.key}
          {r.system && (
            <Tooltip title={t('process.definition.systemHint')}>
              <Tag data-testid={`definition-system-${r.key}-${r.version}`}>
                {t('process.definition.system')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('process.common.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('process.common.version'),
      dataIndex: 'version',
      search: false,
      render: (_, r) => <Tag color="blue">v{r.version}</Tag>,
    },
    { title: t('process.model.category'), dataIndex: 'category', search: false },
    {
      title: t('process.definition.status'),
      dataIndex: 'status',
      search: false,
      render: (_, r) => <StateTag state={r.status} />,
    },
    { title: t('process.definition.startForm'), dataIndex: 'startFormKey', search: false },
    { title: t('process.definition.deployedBy'), dataIndex: 'deployedBy', search: false },
    {
      title: t('process.definition.deployedAt'),
      dataIndex: 'deployedAt',
      search: false,
      render: (_, r) => formatDate(r.deployedAt),
    },
    {
      title: t('process.common.actions'),
      valueType: 'option',
      render: (_, row) => [
        <ActionLink
          key="view"
          onClick={() => view(row)}
          data-testid={`definition-view-${row.key}-${row.version}`}
        >
          {t('process.definition.view')}
        </ActionLink>,
        row.status === 'active' && !row.system ? (
          <Access key="start" code="process:inbox:add">
            <ActionLink
              onClick={() => start(row)}
              data-testid={`definition-start-${row.key}-${row.version}`}
            >
              {t('process.start.submit')}
            </ActionLink>
          </Access>
        ) : null,
        row.status === 'active' ? (
          <Access key="suspend" code="process:definition:disable">
            <Popconfirm
              title={t('process.definition.suspendConfirm')}
              onConfirm={() =>
                suspendDefinition(row.id).then(() => {
                  feedback.success(t('process.definition.suspended'));
                  reload();
                })
              }
            >
              <ActionLink>{t('process.definition.suspend')}</ActionLink>
            </Popconfirm>
          </Access>
        ) : (
          <Access key="activate" code="process:definition:enable">
            <ActionLink
              onClick={() =>
                activateDefinition(row.id).then(() => {
                  feedback.success(t('process.definition.activated'));
                  reload();
                })
              }
            >
              {t('process.definition.activate')}
            </ActionLink>
          </Access>
        ),
        <Access key="delete" code="process:definition:delete">
          <Popconfirm
            title={t('process.definition.deleteConfirm')}
            onConfirm={() =>
              deleteDefinition(row.id)
                .then(reload)
                .catch(() => undefined)
            }
          >
            <ActionLink>{t('process.common.delete')}</ActionLink>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Definition>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.process.definition')}
        search={{ labelWidth: 'auto' }}
        request={tableRequest(listDefinitions, {
          query: (p) => ({ key: p.key, keyword: p.keyword }),
        })}
      />
      <Drawer
        open={viewOpen}
        width="min(1100px, 96vw)"
        onClose={() => setViewOpen(false)}
        title={viewing ? `${viewing.name} · v${viewing.version}` : t('process.definition.view')}
        destroyOnClose
      >
        {!viewing ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions size="small" column={3}>
              <Descriptions.Item label={t('process.definition.key')}>
                {viewing.key}
              </Descriptions.Item>
              <Descriptions.Item label={t('process.definition.status')}>
                <StateTag state={viewing.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('process.definition.running')}>
                {viewing.running}
              </Descriptions.Item>
            </Descriptions>
            <Tabs
              items={[
                {
                  key: 'diagram',
                  label: t('process.instance.diagram'),
                  children: <BpmnViewer xml={viewing.bpmnXml} />,
                },
                ...Object.values(viewing.forms ?? {}).map((f) => ({
                  key: `form-${f.key}`,
                  label: `${f.name} v${f.version}`,
                  children: <FormPreview form={f} />,
                })),
              ]}
            />
          </Space>
        )}
      </Drawer>
      <StartDialog
        open={!!starting}
        definition={starting}
        onClose={() => setStarting(undefined)}
        onStarted={() => feedback.success(t('process.start.started'))}
      />
    </>
  );
};

export default DefinitionPage;
