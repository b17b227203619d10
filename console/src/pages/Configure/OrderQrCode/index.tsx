/**
 * /configure/orderQrCode: a venue's tables and their ordering codes. Each table has a random
 * token in its URL; its code downloads as PNG or SVG, all enabled tables as one printable A4
 * PDF. Renewing a table's code (or every code of the venue) invalidates the printed ones —
 * after a confirmation; guests scanning an old code are told to ask the staff.
 */
import { DownloadOutlined, PlusOutlined, QrcodeOutlined, SyncOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { App, Button, Tag, Typography, type ButtonProps } from 'antd';
import React, { useRef, useState } from 'react';
import { Access } from '@/components/Access';
import {
  deleteTable,
  downloadSheet,
  listTables,
  rotateTable,
  rotateVenue,
  setTableEnabled,
  type Table,
} from '@/services/configure';
import { feedback } from '@/utils/feedback';
import { formatDate, formatMessage } from '@/utils/intl';
import ConfigurePage, { type VenueProps } from '../shared/ConfigurePage';
import { t } from '../shared/text';
import { DeleteLink, EnabledSwitch } from '../shared/RowActions';
import { usePoll } from '../shared/usePoll';
import QRPreview from './components/QRPreview';
import TableModal, { METHODS } from './components/TableModal';
import ActionLink from '@/components/ActionLink';

const modifySucceed = () => feedback.success(formatMessage({ id: 'common.modifySucceed' }));

const Tables: React.FC<VenueProps> = ({ venueId, venueName }) => {
  const { modal } = App.useApp();
  const actionRef = useRef<ActionType>();
  const [editing, setEditing] = useState<{ open: boolean; table?: Table }>({ open: false });
  const [preview, setPreview] = useState<Table>();
  // The highest sort seen, for a new table's default; a ref: a state set from the table's request would reload it.
  const maxSort = useRef(0);
  const reload = () => actionRef.current?.reload();
  usePoll(() => actionRef.current?.reload(), 30_000);

  const renew = (table: Table) =>
    modal.confirm({
      title: t('configure.table.renewTitle', { name: table.name }),
      content: t('configure.table.renewConfirm'),
      okButtonProps: { 'data-testid': 'confirm-ok', danger: true } as ButtonProps,
      onOk: async () => {
        const fresh = await rotateTable(table.id);
        modifySucceed();
        reload();
        setPreview(fresh);
      },
    });

  const renewAll = () =>
    modal.confirm({
      title: t('configure.table.renewAllTitle', { venue: venueName }),
      content: t('configure.table.renewAllConfirm'),
      okButtonProps: { 'data-testid': 'confirm-ok', danger: true } as ButtonProps,
      onOk: async () => {
        const { rotated } = await rotateVenue(venueId);
        feedback.success(t('configure.table.renewedAll', { count: rotated }));
        reload();
      },
    });

  const columns: ProColumns<Table>[] = [
    {
      title: t('configure.table.keyword'),
      dataIndex: 'keyword',
      key: 'keyword',
      hideInTable: true,
    },
    {
      title: t('configure.table.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      search: false,
      fixed: 'left',
      render: (_, r) => <strong data-testid={`table-row-${r.name}`}>{r.name}</strong>,
    },
    {
      title: t('configure.table.area'),
      dataIndex: 'area',
      key: 'area',
      sorter: true,
      search: false,
    },
    {
      title: t('configure.table.seats'),
      dataIndex: 'seats',
      key: 'seats',
      search: false,
      width: 80,
    },
    {
      title: t('configure.table.method'),
      dataIndex: 'orderingMethod',
      key: 'orderingMethod',
      valueType: 'select',
      valueEnum: Object.fromEntries(METHODS.map((m) => [m, { text: t(`configure.method.${m}`) }])),
      render: (_, r) => <Tag>{t(`configure.method.${r.orderingMethod}`)}</Tag>,
    },
    {
      title: t('configure.table.tablet'),
      dataIndex: 'tabletNumber',
      key: 'tabletNumber',
      search: false,
      render: (_, r) => r.tabletNumber || '-',
    },
    {
      title: t('configure.table.qr'),
      key: 'qr',
      search: false,
      render: (_, r) => (
        <Button
          size="small"
          icon={<QrcodeOutlined />}
          onClick={() => setPreview(r)}
          data-testid={`table-qr-${r.name}`}
        >
          {t('configure.table.showQr')}
        </Button>
      ),
    },
    {
      title: t('configure.table.url'),
      dataIndex: 'url',
      key: 'url',
      search: false,
      width: 220,
      render: (_, r) => (
        // CSS ellipsis: antd's measured ellipsis re-renders without end inside a scrolling table
        <Typography.Text copyable={{ text: r.url }} data-testid={`table-url-${r.name}`}>
          <span className="venue-ellipsis" style={{ maxWidth: 180 }}>
            {r.url}
          </span>
        </Typography.Text>
      ),
    },
    {
      title: t('configure.table.remark'),
      dataIndex: 'remark',
      key: 'remark',
      search: false,
      ellipsis: true,
    },
    {
      title: t('configure.table.status'),
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: { 1: { text: t('configure.enabled') }, 0: { text: t('configure.disabled') } },
      render: (_, r) => (
        <EnabledSwitch
          resource="table"
          enabled={r.status === 1}
          onChange={(v) => setTableEnabled(r.id, v)}
          onDone={reload}
        />
      ),
    },
    {
      title: t('configure.table.rotatedAt'),
      dataIndex: 'rotatedAt',
      key: 'rotatedAt',
      search: false,
      render: (_, r) => formatDate(r.rotatedAt),
    },
    {
      title: t('configure.actions'),
      valueType: 'option',
      key: 'option',
      width: 200,
      render: (_, r) => [
        <Access key="edit" code="configure:table:edit">
          <ActionLink
            onClick={() => setEditing({ open: true, table: r })}
            data-testid={`table-edit-${r.name}`}
          >
            {t('configure.edit')}
          </ActionLink>
        </Access>,
        <Access key="renew" code="configure:table:edit">
          <ActionLink onClick={() => renew(r)} data-testid={`table-renew-${r.name}`}>
            {t('configure.table.renew')}
          </ActionLink>
        </Access>,
        <DeleteLink
          key="delete"
          code="configure:table:delete"
          title={t('configure.table.deleteConfirm', { name: r.name })}
          onDelete={() => deleteTable(r.id)}
          onDone={reload}
        />,
      ],
    },
  ];

  return (
    <>
      <ResponsiveTable<Table>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.configure.orderQrCode')}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        scroll={{ x: 1200 }}
        options={{ density: true, reload: true, setting: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params, sort) => {
          const [field, order] = Object.entries(sort ?? {})[0] ?? [];
          const page = await listTables({
            venueId,
            keyword: params.keyword,
            orderingMethod: params.orderingMethod,
            status:
              params.status === undefined || params.status === ''
                ? undefined
                : Number(params.status),
            pageNo: params.current,
            pageSize: params.pageSize,
            sort: field && order ? `${field},${order === 'ascend' ? 'asc' : 'desc'}` : undefined,
          });
          maxSort.current = Math.max(maxSort.current, ...page.records.map((r) => r.sort));
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          <Access key="sheet" code="configure:table:export">
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadSheet(venueId)}
              data-testid="table-sheet"
            >
              {t('configure.table.sheet')}
            </Button>
          </Access>,
          <Access key="renewAll" code="configure:table:edit">
            <Button danger icon={<SyncOutlined />} onClick={renewAll} data-testid="table-renew-all">
              {t('configure.table.renewAll')}
            </Button>
          </Access>,
          <Access key="add" code="configure:table:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ open: true })}
              data-testid="table-add"
            >
              {t('configure.table.add')}
            </Button>
          </Access>,
        ]}
      />
      <TableModal
        open={editing.open}
        venueId={venueId}
        table={editing.table}
        nextSort={maxSort.current + 1}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          setEditing({ open: false });
          reload();
        }}
      />
      <QRPreview table={preview} onClose={() => setPreview(undefined)} />
    </>
  );
};

const OrderQrCodePage: React.FC = () => (
  <ConfigurePage testId="configure-tables">{(venue) => <Tables {...venue} />}</ConfigurePage>
);

export default OrderQrCodePage;
