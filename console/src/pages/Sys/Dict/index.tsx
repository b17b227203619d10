import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Card, Col, Empty, Row, Space, Tag, Tooltip } from 'antd';
import React, { useRef, useState } from 'react';
import {
  deleteDictEntry,
  deleteDictType,
  listDictEntries,
  listDictTypes,
  setDictEntryStatus,
  type DictEntry,
  type DictType,
} from '@/services/sys-admin';
import { parseLabels } from '../shared/labels';
import StatusSwitch from '../shared/StatusSwitch';
import SysPage from '../shared/SysPage';
import AddButton from '../shared/AddButton';
import DeleteAction from '../shared/DeleteAction';
import EditAction from '../shared/EditAction';
import { t } from '../shared/text';
import { useFormDialog } from '../shared/useFormDialog';
import { EntryForm, TypeForm } from './components/DictForms';
import { tableRequest } from '@/utils/table';

/** /sys/dict: dictionary types and their entries (label, code, sort, status, per-language labels). */
const DictPage: React.FC = () => {
  const types = useRef<ActionType>();
  const entries = useRef<ActionType>();
  const [type, setType] = useState<DictType>();
  const [typeForm, showTypeForm, setTypeFormOpen] = useFormDialog<{ type?: DictType }>();
  const [entryForm, showEntryForm, setEntryFormOpen] = useFormDialog<{ entry?: DictEntry }>();

  const typeColumns: ProColumns<DictType>[] = [
    {
      title: t('sys.dict.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
    },
    {
      title: t('sys.dict.type.name'),
      dataIndex: 'name',
      hideInSearch: true,
      render: (_, r) => (
        <Space size={4}>
          <span>{r.name}</span>
          {r.builtin && <Tag>{t('sys.builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('sys.dict.type.code'), dataIndex: 'code', hideInSearch: true, ellipsis: true },
    {
      title: t('sys.description'),
      dataIndex: 'description',
      hideInSearch: true,
      hideInTable: true,
      ellipsis: true,
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 150,
      render: (_, r) => [
        <EditAction
          key="edit"
          code="sys:dict:edit"
          onClick={(e) => {
            e.stopPropagation();
            showTypeForm({ type: r });
          }}
        />,
        !r.builtin && (
          <DeleteAction
            key="delete"
            code="sys:dict:delete"
            name={r.name}
            description={t('sys.dict.type.delete.hint')}
            stopPropagation
            onDelete={() => deleteDictType(r.id)}
            onDone={() => {
              if (type?.id === r.id) setType(undefined);
              types.current?.reload();
            }}
          />
        ),
      ],
    },
  ];

  const entryColumns: ProColumns<DictEntry>[] = [
    {
      title: t('sys.dict.entry.key'),
      dataIndex: 'dictKey',
      render: (_, r) => (
        <Space size={4}>
          <span>{r.dictKey}</span>
          {r.builtin && <Tag>{t('sys.builtin')}</Tag>}
        </Space>
      ),
    },
    { title: t('sys.dict.entry.value'), dataIndex: 'dictValue', width: 130 },
    {
      title: t('sys.dict.entry.labels'),
      dataIndex: 'labels',
      width: 140,
      render: (_, r) => {
        const labels = parseLabels(r.labels);
        const tags = Object.keys(labels);
        if (!tags.length) return '-';
        return (
          <Tooltip
            title={tags.map((tag) => (
              <div key={tag}>
                {tag}: {labels[tag]}
              </div>
            ))}
          >
            <Tag color="blue">{t('sys.dict.entry.labelCount', { count: tags.length })}</Tag>
          </Tooltip>
        );
      },
    },
    { title: t('sys.sort'), dataIndex: 'sort', width: 80 },
    {
      title: t('sys.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, r) => (
        <StatusSwitch
          enabled={r.status === 1}
          name={r.dictKey}
          enableCode="sys:dict:enable"
          disableCode="sys:dict:disable"
          onChange={(enabled) => setDictEntryStatus(r.id, enabled)}
          onDone={() => entries.current?.reload()}
        />
      ),
    },
    {
      title: t('sys.actions'),
      valueType: 'option',
      width: 150,
      render: (_, r) => [
        <EditAction key="edit" code="sys:dict:edit" onClick={() => showEntryForm({ entry: r })} />,
        !r.builtin && (
          <DeleteAction
            key="delete"
            code="sys:dict:delete"
            name={r.dictKey}
            onDelete={() => deleteDictEntry(r.id)}
            onDone={() => entries.current?.reload()}
          />
        ),
      ],
    },
  ];

  return (
    <SysPage testId="sys-dict-page">
      <Row gutter={16}>
        <Col xs={24} xl={9}>
          <ProTable<DictType>
            rowKey="id"
            actionRef={types}
            headerTitle={t('sys.dict.types')}
            columns={typeColumns}
            search={{ labelWidth: 'auto', span: 24 }}
            pagination={{ defaultPageSize: 10, showSizeChanger: false, size: 'small' }}
            options={{ density: false, reload: true, setting: true, fullScreen: false }}
            columnsState={{
              persistenceKey: 'venue.sys.dict.types',
              persistenceType: 'localStorage',
            }}
            rowClassName={(r) => (r.id === type?.id ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setType(r), style: { cursor: 'pointer' } })}
            request={tableRequest(listDictTypes, {
              onPage: (page) => !type && page.records.length && setType(page.records[0]),
            })}
            toolBarRender={() => [
              <AddButton
                key="add"
                code="sys:dict:add"
                label={t('sys.dict.type.add')}
                onClick={() => showTypeForm()}
              />,
            ]}
          />
        </Col>
        <Col xs={24} xl={15}>
          {type ? (
            <ProTable<DictEntry>
              key={type.code}
              rowKey="id"
              actionRef={entries}
              headerTitle={t('sys.dict.entries', { name: type.name })}
              columns={entryColumns}
              search={false}
              pagination={false}
              options={{ density: true, reload: true, setting: true, fullScreen: false }}
              columnsState={{
                persistenceKey: 'venue.sys.dict.entries',
                persistenceType: 'localStorage',
              }}
              request={async () => {
                const list = await listDictEntries(type.code);
                return { data: list, success: true };
              }}
              toolBarRender={() => [
                <AddButton
                  key="add"
                  code="sys:dict:add"
                  label={t('sys.dict.entry.add')}
                  onClick={() => showEntryForm()}
                />,
              ]}
            />
          ) : (
            <Card>
              <Empty description={t('sys.dict.pick')} />
            </Card>
          )}
        </Col>
      </Row>
      <TypeForm
        key={`t${typeForm.key}`}
        open={typeForm.open}
        type={typeForm.type}
        onOpenChange={setTypeFormOpen}
        onSaved={(saved) => {
          types.current?.reload();
          if (!typeForm.type || typeForm.type.id === type?.id) setType(saved);
        }}
      />
      {type && (
        <EntryForm
          key={`e${entryForm.key}`}
          open={entryForm.open}
          type={type.code}
          entry={entryForm.entry}
          onOpenChange={setEntryFormOpen}
          onSaved={() => entries.current?.reload()}
        />
      )}
    </SysPage>
  );
};

export default DictPage;
