/**
 * /auto/completeList: code generation. Saved entity definitions, and the editor that turns one
 * into a complete module of this product (Go slice in cuisine's layout and its console page):
 * preview every file with highlighting, download them as a zip built in memory, save the
 * definition to regenerate the same files later. Nothing is ever written into the server.
 */
import { DatabaseOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Space } from 'antd';
import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Access } from '@/components/Access';
import {
  deleteDefinition,
  downloadDefinition,
  formMeta,
  getDefinition,
  listDefinitions,
  type Definition,
  type DefinitionDetail,
  type FormMeta,
  type Spec,
} from '@/services/codegen';
import { errorText } from '@/utils/errors';
import { feedback } from '@/utils/feedback';
import { formatDate } from '@/utils/intl';
import DefinitionEditor from './components/DefinitionEditor';
import TableDraftModal from './components/TableDraftModal';
import './codegen.css';
import { t } from './text';
import ActionLink from '@/components/ActionLink';

const CompleteListPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const [meta, setMeta] = useState<FormMeta>();
  const [editor, setEditor] = useState<{ open: boolean; saved?: DefinitionDetail; start?: Spec }>({
    open: false,
  });
  const [drafting, setDrafting] = useState(false);

  const loadMeta = useCallback(
    () =>
      formMeta()
        .then(setMeta)
        .catch(() => undefined),
    [],
  );
  useEffect(() => {
    loadMeta();
  }, [loadMeta]);

  const open = async (row: Definition) => {
    try {
      setEditor({ open: true, saved: await getDefinition(row.id) });
    } catch (e) {
      feedback.error(errorText(e));
    }
  };

  const columns: ProColumns<Definition>[] = [
    { title: t('codegen.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('codegen.definition'),
      dataIndex: 'module',
      search: false,
      render: (_, r) => (
        <ActionLink onClick={() => open(r)} data-testid={`codegen-open-${r.module}`}>
          {r.module}.{r.entity}
        </ActionLink>
      ),
    },
    { title: t('codegen.label'), dataIndex: 'label', search: false },
    { title: t('codegen.table'), dataIndex: 'table', search: false, responsive: ['md'] },
    { title: t('codegen.fields'), dataIndex: 'fields', search: false, width: 90 },
    {
      title: t('codegen.updatedAt'),
      dataIndex: 'updatedAt',
      search: false,
      responsive: ['md'],
      render: (_, r) => formatDate(r.updatedAt),
    },
    {
      title: t('codegen.actions'),
      valueType: 'option',
      width: 180,
      render: (_, r) => [
        <Access key="download" code="codegen:definition:export">
          <ActionLink onClick={() => downloadDefinition(r.id)} aria-label={t('codegen.download')}>
            <DownloadOutlined />
          </ActionLink>
        </Access>,
        <Access key="delete" code="codegen:definition:delete">
          <Popconfirm
            title={t('codegen.deleteConfirm', { key: `${r.module}.${r.entity}` })}
            onConfirm={async () => {
              await deleteDefinition(r.id);
              feedback.success(t('common.deleteSucceed'));
              actionRef.current?.reload();
              loadMeta();
            }}
          >
            <ActionLink>{t('codegen.delete')}</ActionLink>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  return (
    <div className="venue-page" data-testid="codegen-page">
      <ProTable<Definition>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('codegen.definitions')}
        tooltip={t('codegen.definitions.hint')}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        request={async (params) => {
          const page = await listDefinitions({
            pageNo: params.current,
            pageSize: params.pageSize,
            keyword: params.keyword,
          });
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          <Space key="actions" wrap>
            <Access code="codegen:definition:import">
              <Button
                icon={<DatabaseOutlined />}
                onClick={() => setDrafting(true)}
                data-testid="codegen-from-table"
              >
                {t('codegen.fromTable')}
              </Button>
            </Access>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditor({ open: true })}
              data-testid="codegen-new"
            >
              {t('codegen.new')}
            </Button>
          </Space>,
        ]}
      />
      <TableDraftModal
        open={drafting}
        onClose={() => setDrafting(false)}
        onDraft={(spec) => {
          setDrafting(false);
          setEditor({ open: true, start: spec });
        }}
      />
      <DefinitionEditor
        open={editor.open}
        saved={editor.saved}
        start={editor.start}
        meta={meta}
        onClose={() => setEditor({ open: false })}
        onSaved={(saved) => {
          setEditor({ open: true, saved });
          actionRef.current?.reload();
          loadMeta();
        }}
      />
    </div>
  );
};

export default CompleteListPage;
