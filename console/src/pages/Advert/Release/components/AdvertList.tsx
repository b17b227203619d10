/**
 * One tab of ads: merchant ads, platform ads or "I want to advertise" requests. Filters: title,
 * release number, status and broadcast period (overlapping); the tab fixes the type. Each row
 * offers the actions its status allows.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { Button, Image, Space, Tag, Typography } from 'antd';
import React from 'react';
import { Access, useOperation } from '@/components/Access';
import { listAdverts, type Advert, type AdvertAction, type AdvertQuery } from '@/services/advert';
import { formatDate, formatNumber } from '@/utils/intl';
import { periodText } from '../../shared/periodRules';
import StatusTag from '../../shared/StatusTag';
import { seconds, t } from '../../shared/text';
import VideoThumb from '../../shared/VideoThumb';
import { actionButtons } from './actionRules';
import type { AdvertKind } from './targetRules';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

export interface AdvertListProps {
  kind: AdvertKind;
  platform: boolean;
  actionRef: React.MutableRefObject<ActionType | undefined>;
  /** whether this user creates ads of this tab (merchants: merchant ads and requests; the platform: platform ads) */
  canCreate: boolean;
  onCreate: () => void;
  onOpen: (ad: Advert) => void;
  onAction: (ad: Advert, action: AdvertAction) => void;
}

const Thumb: React.FC<{ ad: Advert }> = ({ ad }) => {
  const first = ad.materials[0];
  if (!first) return null;
  if (ad.materialType === 'video')
    return (
      <VideoThumb width={56} height={32} />
    );
  return (
    <Image.PreviewGroup items={ad.materials.map((m) => m.url)}>
      <Image src={first.url} width={56} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
    </Image.PreviewGroup>
  );
};

const AdvertList: React.FC<AdvertListProps> = ({ kind, platform, actionRef, canCreate, onCreate, onOpen, onAction }) => {
  const { can } = useOperation();
  const showMerchant = platform && kind !== 'platform';

  const columns: ProColumns<Advert>[] = [
    { title: t('advert.field.releaseNo'), dataIndex: 'releaseNo', key: 'releaseNo', width: 160, copyable: true, sorter: true },
    {
      title: t('advert.field.title'),
      dataIndex: 'title',
      key: 'title',
      width: 280,
      render: (_, r) => (
        <Space size={8} data-testid={`advert-row-${r.releaseNo}`}>
          <Thumb ad={r} />
          <Typography.Link
            onClick={() => onOpen(r)}
            data-testid={`advert-open-${r.id}`}
            ellipsis
            style={{ maxWidth: 200 }}
            title={r.title}
          >
            {r.title}
          </Typography.Link>
        </Space>
      ),
    },
    ...(showMerchant
      ? ([{ title: t('advert.field.merchant'), dataIndex: 'merchantName', key: 'merchantName', search: false, width: 140 }] as ProColumns<Advert>[])
      : []),
    {
      title: t('advert.field.materialType'),
      dataIndex: 'materialType',
      key: 'materialType',
      search: false,
      width: 110,
      render: (_, r) => (
        <Tag>
          {t(`advert.materialType.${r.materialType}`)} × {r.materials.length}
        </Tag>
      ),
    },
    {
      title: t('advert.field.totalDuration'),
      dataIndex: 'totalDuration',
      key: 'totalDuration',
      search: false,
      width: 100,
      render: (_, r) => seconds(r.totalDuration),
    },
    {
      title: t('advert.field.period'),
      dataIndex: 'period',
      key: 'period',
      valueType: 'dateRange',
      width: 230,
      render: (_, r) => <span style={{ fontSize: 12 }}>{periodText(r, t)}</span>,
      search: {
        transform: (v: [string, string]) => ({ from: v?.[0]?.slice(0, 10), to: v?.[1]?.slice(0, 10) }),
      },
    },
    {
      title: t('advert.field.tabletCount'),
      dataIndex: 'tabletCount',
      key: 'tabletCount',
      search: false,
      align: 'right',
      width: 90,
      render: (_, r) => formatNumber(r.tabletCount),
    },
    {
      title: t('advert.field.playCount'),
      dataIndex: 'playCount',
      key: 'playCount',
      search: false,
      sorter: true,
      align: 'right',
      width: 100,
      render: (_, r) => formatNumber(r.playCount),
    },
    { title: t('advert.field.opinion'), dataIndex: 'opinion', key: 'opinion', search: false, ellipsis: true, width: 160 },
    {
      title: t('advert.field.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      search: false,
      sorter: true,
      width: 170,
      render: (_, r) => formatDate(r.createdAt),
    },
    {
      title: t('advert.field.status'),
      dataIndex: 'status',
      key: 'status',
      // never behind the horizontal scroll (issue 17)
      fixed: 'right',
      width: 150,
      valueType: 'select',
      valueEnum: {
        draft: { text: t('advert.status.draft') },
        pending: { text: t('advert.status.pending') },
        approved: { text: t('advert.status.approved') },
        rejected: { text: t('advert.status.rejected') },
        ended: { text: t('advert.status.ended') },
      },
      render: (_, r) => <StatusTag ad={r} />,
    },
    {
      title: t('advert.field.actions'),
      valueType: 'option',
      key: 'option',
      fixed: 'right',
      width: 190,
      render: (_, r) => [
        <ActionLink key="detail" onClick={() => onOpen(r)}>
          {t('advert.action.detail')}
        </ActionLink>,
        ...actionButtons(r, { platform, can }).map((a) => (
          <Typography.Link
            key={a}
            type={a === 'takedown' || a === 'delete' ? 'danger' : undefined}
            onClick={() => onAction(r, a)}
            data-testid={`advert-${a}-${r.id}`}
          >
            {t(`advert.action.${a}`)}
          </Typography.Link>
        )),
      ],
    },
  ];

  return (
    <ResponsiveTable<Advert>
      rowKey="id"
      testId={`advert-${kind}`}
      keyword="title"
      // on a phone: the title heads the card with its status beside it, the period and number first
      card={{ title: 'title', extra: ['status'], primary: ['period', 'releaseNo'], hide: ['opinion', 'totalDuration'] }}
      actionRef={actionRef}
      columns={columns}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      scroll={{ x: 1600 }}
      options={{ density: true, reload: true, setting: true }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      columnsState={{
        persistenceKey: `venue.advert.${kind}.columns`,
        persistenceType: 'localStorage',
        defaultValue: { opinion: { show: false }, releaseNo: { show: true } },
      }}
      request={tableRequest(listAdverts, {
        query: (p): AdvertQuery => ({
          title: p.title,
          releaseNo: p.releaseNo,
          status: p.status,
          from: p.from,
          to: p.to,
          request: kind === 'request' ? 'true' : 'false',
          type: kind === 'request' ? undefined : kind,
        }),
      })}
      toolBarRender={() =>
        canCreate
          ? [
              <Access key="add" code="advert:release:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`advert-add-${kind}`}>
                  {t(kind === 'request' ? 'advert.action.request' : 'advert.action.add')}
                </Button>
              </Access>,
            ]
          : []
      }
    />
  );
};

export default AdvertList;
