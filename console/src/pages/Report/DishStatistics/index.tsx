/**
 * /cuisine/orderDetail: dish statistics. Quantity sold and amount per dish by day or by ISO
 * week in each venue's time zone (net of cancellations, the cancelled part beside them), the
 * range's totals, a column-and-line chart over time, and the Excel export of the table.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Card } from 'antd';
import React, { useMemo, useState } from 'react';
import { ResponsiveTable } from '@/components/Responsive';
import { dishSales, exportDishSales, type DishRow, type SalesReport } from '@/services/report';
import { isRtl } from '@/utils/intl';
import { displayMoney } from '@/utils/money';
import Chart from '../shared/Chart';
import ExportButton from '../shared/ExportButton';
import ReportFilters, { initialFilter, type ReportFilter } from '../shared/ReportFilters';
import ReportPage from '../shared/ReportPage';
import { periodLabel, trendOption } from '../shared/rules';
import { t } from '../shared/text';
import Totals from '../shared/Totals';

const DishStatistics: React.FC = () => {
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter('day'));
  const [report, setReport] = useState<SalesReport>();
  const digits = report?.currencyDigits ?? 2;
  const money = (v: number) => displayMoney(v, digits);

  const option = useMemo(
    () =>
      trendOption(report?.series ?? [], digits, { quantity: t('report.quantity'), amount: t('report.amount') }, isRtl()),
    [report, digits],
  );

  const columns: ProColumns<DishRow>[] = [
    {
      title: filter.period === 'week' ? t('report.week') : t('report.date'),
      dataIndex: 'period',
      width: 120,
      render: (_, r) => periodLabel(r.period ?? ''),
    },
    { title: t('report.dish'), dataIndex: 'dishName', width: 200, render: (_, r) => r.dishName || `#${r.dishId}` },
    {
      title: t('report.category'),
      dataIndex: 'categoryName',
      width: 140,
      responsive: ['md'],
      render: (_, r) => r.categoryName || `#${r.categoryId}`,
    },
    { title: t('report.quantity'), dataIndex: 'quantity', width: 110, align: 'right' },
    { title: t('report.amount'), dataIndex: 'amount', width: 130, align: 'right', render: (_, r) => money(r.amount) },
    { title: t('report.cancelledQuantity'), dataIndex: 'cancelledQuantity', width: 120, align: 'right' },
    {
      title: t('report.cancelledAmount'),
      dataIndex: 'cancelledAmount',
      width: 130,
      align: 'right',
      render: (_, r) => money(r.cancelledAmount),
    },
  ];

  return (
    <ReportPage testId="report-dish-page">
      <ReportFilters value={filter} onChange={setFilter} dishFilter="dish" />
      <Totals totals={report?.totals} digits={digits} currency={report?.currency} />
      <Card size="small" title={t('report.trend')} style={{ marginBottom: 16 }}>
        <Chart option={option} testId="report-trend-chart" />
      </Card>
      <ResponsiveTable<DishRow, ReportFilter>
        rowKey={(r) => `${r.period}-${r.dishId}`}
        testId="report-dish"
        headerTitle={t('report.dishTable')}
        columns={columns.map((c) => ({ ...c, hideInSearch: true }))}
        search={false}
        params={filter}
        scroll={{ x: 900 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ density: true, reload: true, setting: true, fullScreen: false }}
        card={{ title: 'dishName', extra: ['amount'], primary: ['period', 'quantity'] }}
        request={async (params) => {
          const { current, pageSize, period, from, to, venueId, categoryId, dishId } = params;
          const r = await dishSales({ period, from, to, venueId, categoryId, dishId, pageNo: current, pageSize });
          setReport(r);
          return { data: r.rows.records, total: r.rows.total, success: true };
        }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            code="report:dish:export"
            hasData={() => !!report?.rows.total}
            download={() => exportDishSales(filter)}
          />,
        ]}
      />
    </ReportPage>
  );
};

export default DishStatistics;
