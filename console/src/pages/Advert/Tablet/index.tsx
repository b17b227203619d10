/**
 * /advert/tablet: the ordering tablets that play ads, per venue. Add / edit, enable / disable,
 * pair (a QR code and short code the tablet redeems once for a new key), give a tablet a new
 * key (confirmed: the old key stops working), delete. A tablet's key is a secret shown once,
 * after adding the tablet or renewing its key, with the playlist address. Each tablet shows
 * online or offline from its last poll; the list refreshes while it is open.
 */
import { KeyOutlined, PlusOutlined, QrcodeOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import {
  App,
  Badge,
  Button,
  Popconfirm,
  Space,
  Switch,
  Tooltip,
  Typography,
  type ButtonProps,
} from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import {
  deleteTablet,
  listTablets,
  regenerateTabletKey,
  updateTablet,
  type Tablet,
  type TabletQuery,
} from '@/services/advert';
import { feedback } from '@/utils/feedback';
import { formatMessage } from '@/utils/intl';
import { formatInZone } from '@/utils/zone';
import AdvertPage from '../shared/AdvertPage';
import { t } from '../shared/text';
import { useUserSide, useVenues } from '../shared/useAdvertData';
import { showTabletKey } from './components/showKey';
import PairModal from './components/PairModal';
import TabletModal from './components/TabletModal';
import { PRESENCE_REFRESH_MS } from './pairing';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

const TabletPage: React.FC = () => {
  const { modal } = App.useApp();
  const { can } = useOperation();
  const { platform, venueId: ownVenue } = useUserSide();
  const actionRef = useRef<ActionType>();
  const { venues } = useVenues();
  const [editing, setEditing] = useState<{ open: boolean; tablet?: Tablet }>({ open: false });
  const [pairing, setPairing] = useState<Tablet>();
  const reload = () => actionRef.current?.reload();

  const venueEnum = useMemo(
    () => Object.fromEntries(venues.map((v) => [v.id, { text: v.name }])),
    [venues],
  );

  const setEnabled = async (tablet: Tablet, enabled: boolean) => {
    try {
      await updateTablet(
        tablet.id,
        { number: tablet.number, name: tablet.name, status: enabled ? 1 : 0 },
        false,
      );
      feedback.success(formatMessage({ id: 'common.modifySucceed' }));
    } catch {
      /* shown by the request layer */
    } finally {
      reload();
    }
  };

  const renewKey = (tablet: Tablet) =>
    modal.confirm({
      title: t('advert.tablet.renewTitle'),
      content: t('advert.tablet.renewConfirm', { number: tablet.number }),
      okButtonProps: { 'data-testid': 'confirm-ok', danger: true } as ButtonProps,
      onOk: async () => {
        try {
          const detail = await regenerateTabletKey(tablet.id);
          feedback.success(formatMessage({ id: 'common.modifySucceed' }));
          showTabletKey(modal, detail);
        } catch {
          /* shown by the request layer */
        }
      },
    });

  const remove = async (tablet: Tablet) => {
    await deleteTablet(tablet.id);
    feedback.success(formatMessage({ id: 'common.deleteSucceed' }));
    reload();
  };

  const columns: ProColumns<Tablet>[] = [
    {
      title: t('advert.tablet.venue'),
      dataIndex: 'venueId',
      key: 'venueId',
      valueType: 'select',
      valueEnum: venueEnum,
      fieldProps: { showSearch: true },
      render: (_, r) => r.venueName,
    },
    {
      title: t('advert.tablet.number'),
      dataIndex: 'number',
      key: 'number',
      sorter: true,
      search: false,
      render: (_, r) => <span data-testid={`tablet-row-${r.number}`}>{r.number}</span>,
    },
    { title: t('advert.tablet.name'), dataIndex: 'name', key: 'name', search: false },
    { title: t('advert.tablet.keyword'), dataIndex: 'keyword', key: 'keyword', hideInTable: true },
    {
      title: t('advert.tablet.status'),
      dataIndex: 'status',
      key: 'status',
      valueType: 'select',
      valueEnum: {
        1: { text: t('advert.tablet.enabledStatus'), status: 'Success' },
        0: { text: t('advert.tablet.disabled'), status: 'Default' },
      },
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.status === 1}
          disabled={!can('advert:tablet:edit')}
          checkedChildren={t('advert.tablet.enabledStatus')}
          unCheckedChildren={t('advert.tablet.disabled')}
          onChange={(v) => setEnabled(r, v)}
          data-testid={`tablet-status-${r.number}`}
        />
      ),
    },
    {
      title: t('advert.tablet.appVersion'),
      dataIndex: 'appVersion',
      key: 'appVersion',
      search: false,
      render: (_, r) => r.appVersion || '-',
    },
    {
      title: t('advert.tablet.lastSeen'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeenAt',
      search: false,
      sorter: true,
      tooltip: t('advert.tablet.onlineHint'),
      render: (_, r) => (
        <Space
          direction="vertical"
          size={0}
          data-testid={`tablet-presence-${r.number}`}
          data-online={r.online ? 'yes' : 'no'}
        >
          <Badge
            status={r.online ? 'success' : 'default'}
            text={r.online ? t('advert.tablet.online') : t('advert.tablet.offline')}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.lastSeenAt
              ? t('advert.tablet.lastSeenAt', {
                  time: formatInZone(r.lastSeenAt, r.timeZone, 'YYYY-MM-DD HH:mm'),
                })
              : t('advert.tablet.never')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('advert.field.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      search: false,
      sorter: true,
      render: (_, r) => formatInZone(r.createdAt, r.timeZone, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: t('advert.field.actions'),
      valueType: 'option',
      key: 'option',
      width: 260,
      render: (_, r) => [
        <Access key="pair" code="advert:tablet:edit">
          <Tooltip title={t('advert.tablet.pairHint')}>
            <ActionLink onClick={() => setPairing(r)} data-testid={`tablet-pair-${r.number}`}>
              <QrcodeOutlined /> {t('advert.tablet.pair')}
            </ActionLink>
          </Tooltip>
        </Access>,
        <Access key="edit" code="advert:tablet:edit">
          <ActionLink
            onClick={() => setEditing({ open: true, tablet: r })}
            data-testid={`tablet-edit-${r.number}`}
          >
            {t('advert.action.edit')}
          </ActionLink>
        </Access>,
        <Access key="key" code="advert:tablet:edit">
          <Tooltip title={t('advert.tablet.renewHint')}>
            <ActionLink onClick={() => renewKey(r)} data-testid={`tablet-renew-${r.number}`}>
              <KeyOutlined /> {t('advert.tablet.renew')}
            </ActionLink>
          </Tooltip>
        </Access>,
        <Access key="delete" code="advert:tablet:delete">
          <Popconfirm
            title={t('advert.tablet.deleteConfirm', { number: r.number })}
            onConfirm={() => remove(r)}
            okButtonProps={{ danger: true }}
          >
            <Typography.Link type="danger">{t('advert.action.delete')}</Typography.Link>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  return (
    <AdvertPage testId="advert-tablet">
      <ResponsiveTable<Tablet>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.advert.tablet')}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: true, reload: true, setting: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        polling={PRESENCE_REFRESH_MS}
        testId="tablet"
        keyword="keyword"
        keywordPlaceholder={t('advert.tablet.keyword')}
        request={tableRequest(listTablets, {
          query: (p): TabletQuery => ({
            venueId: p.venueId ? Number(p.venueId) : undefined,
            keyword: p.keyword,
            status: p.status,
          }),
        })}
        toolBarRender={() =>
          platform
            ? []
            : [
                <Access key="add" code="advert:tablet:add">
                  <Button
                    type="primary"
                    icon={<PlusOutlined />}
                    onClick={() => setEditing({ open: true })}
                    data-testid="tablet-add"
                  >
                    {t('advert.tablet.add')}
                  </Button>
                </Access>,
              ]
        }
      />
      <PairModal
        tablet={pairing}
        onClose={() => {
          setPairing(undefined);
          reload();
        }}
      />
      <TabletModal
        open={editing.open}
        tablet={editing.tablet}
        venues={venues}
        defaultVenueId={ownVenue || undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={(saved, created) => {
          setEditing({ open: false });
          reload();
          if (created) showTabletKey(modal, saved);
        }}
      />
    </AdvertPage>
  );
};

export default TabletPage;
