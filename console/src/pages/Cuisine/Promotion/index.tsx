/**
 * /cuisine/promotion: promotions with their period, days and state (scheduled, active, ended,
 * disabled); create / edit with picked dishes and computed prices; enable (refused when it would
 * overlap another promotion on a dish) / disable; delete.
 */
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ResponsiveTable } from '@/components/Responsive';
import { Button, Popconfirm, Tag } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { Access, useOperation } from '@/components/Access';
import {
  deletePromotion,
  listPromotions,
  setPromotionEnabled,
  type Promotion,
  type PromotionState,
} from '@/services/cuisine';
import { feedback } from '@/utils/feedback';
import { formatMessage, formatNumber } from '@/utils/intl';
import { currencyDigits } from '@/utils/money';
import CuisinePage from '../shared/CuisinePage';
import { statusColumn } from '../shared/statusColumn';
import { t } from '../shared/text';
import PromotionDrawer, { weekdayNames } from './components/PromotionDrawer';
import { tableRequest } from '@/utils/table';
import ActionLink from '@/components/ActionLink';

const STATE_COLORS: Record<PromotionState, string> = {
  active: 'green',
  scheduled: 'blue',
  ended: 'default',
  disabled: 'red',
};

const PromotionPage: React.FC = () => {
  const actionRef = useRef<ActionType>();
  const { can } = useOperation();
  const [drawer, setDrawer] = useState<{ open: boolean; promotion?: Promotion }>({ open: false });
  const [currency, setCurrency] = useState('');
  const days = useMemo(() => weekdayNames(), []);
  const reload = () => actionRef.current?.reload();

  const toggle = async (row: Promotion, enabled: boolean) => {
    await setPromotionEnabled(row.id, enabled);
    feedback.success(formatMessage({ id: 'common.modifySucceed' }));
    reload();
  };

  const columns: ProColumns<Promotion>[] = [
    {
      title: t('cuisine.promotion.name'),
      dataIndex: 'name',
      render: (_, r) => <span data-testid={`promotion-row-${r.name}`}>{r.name}</span>,
    },
    {
      title: t('cuisine.promotion.period'),
      key: 'period',
      search: false,
      render: (_, r) => `${r.startAt} ~ ${r.endAt}`,
    },
    {
      title: t('cuisine.promotion.days'),
      dataIndex: 'days',
      search: false,
      render: (_, r) =>
        r.days.length === 7 ? t('cuisine.promotion.everyDay') : r.days.map((d) => days[d]).join(', '),
    },
    {
      title: t('cuisine.promotion.rowCount'),
      dataIndex: 'rowCount',
      search: false,
      width: 110,
      render: (_, r) => formatNumber(r.rowCount),
    },
    {
      title: t('cuisine.promotion.state'),
      dataIndex: 'state',
      search: false,
      width: 120,
      render: (_, r) => <Tag color={STATE_COLORS[r.state]}>{t(`cuisine.promotion.state.${r.state}`)}</Tag>,
    },
    statusColumn<Promotion>({
      allowed: (r) => can(r.status === 1 ? 'cuisine:promotion:disable' : 'cuisine:promotion:enable'),
      confirm: (enable) =>
        enable ? t('cuisine.promotion.enableConfirm') : t('cuisine.promotion.disableConfirm'),
      toggle,
    }),
    {
      title: t('cuisine.actions'),
      valueType: 'option',
      width: 140,
      render: (_, row) => [
        <Access key="edit" code="cuisine:promotion:edit">
          <ActionLink onClick={() => setDrawer({ open: true, promotion: row })} data-testid={`promotion-edit-${row.name}`}>
            {t('cuisine.edit')}
          </ActionLink>
        </Access>,
        <Access key="delete" code="cuisine:promotion:delete">
          <Popconfirm
            title={t('cuisine.promotion.deleteConfirm', { name: row.name })}
            onConfirm={async () => {
              await deletePromotion(row.id);
              feedback.success(formatMessage({ id: 'common.deleteSucceed' }));
              reload();
            }}
          >
            <ActionLink>{t('cuisine.delete')}</ActionLink>
          </Popconfirm>
        </Access>,
      ],
    },
  ];

  return (
    <CuisinePage testId="cuisine-promotion">
      <ResponsiveTable<Promotion>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('menu.cuisine.promotion')}
        search={{ labelWidth: 'auto' }}
        request={tableRequest(listPromotions, {
          query: (p) => ({ name: p.name, status: p.status }),
          onPage: (page) => page.records.length && setCurrency(page.records[0].currency),
        })}
        toolBarRender={() => [
          <Access key="add" code="cuisine:promotion:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="promotion-add"
              onClick={() => setDrawer({ open: true })}
            >
              {t('cuisine.promotion.add')}
            </Button>
          </Access>,
        ]}
      />
      <PromotionDrawer
        open={drawer.open}
        promotion={drawer.promotion}
        currency={currency}
        digits={currencyDigits(currency)}
        onClose={() => setDrawer({ open: false })}
        onSaved={() => {
          setDrawer({ open: false });
          reload();
        }}
      />
    </CuisinePage>
  );
};

export default PromotionPage;
