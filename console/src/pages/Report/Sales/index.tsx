/**
 * /report/sales: the sales of a range over time (by day or ISO week), the top dishes by
 * quantity or amount as bars, and the split by dish category.
 */
import { Card, Col, Row, Segmented, Table } from 'antd';
import React, { useEffect, useMemo, useState } from 'react';
import {
  salesByCategory,
  salesTrend,
  topDishes,
  type CategoryReport,
  type CategoryRow,
  type SalesReport,
  type TopReport,
} from '@/services/report';
import { isRtl } from '@/utils/intl';
import Chart from '../shared/Chart';
import { amountColumn } from '../shared/columns';
import ReportFilters, { initialFilter, type ReportFilter } from '../shared/ReportFilters';
import ReportPage from '../shared/ReportPage';
import { topOption, trendOption } from '../shared/rules';
import { t } from '../shared/text';
import Totals from '../shared/Totals';

const SalesPage: React.FC = () => {
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter('day'));
  const [by, setBy] = useState<'quantity' | 'amount'>('quantity');
  const [trend, setTrend] = useState<SalesReport>();
  const [top, setTop] = useState<TopReport>();
  const [cats, setCats] = useState<CategoryReport>();
  const [loading, setLoading] = useState(false);
  const digits = trend?.currencyDigits ?? 2;

  useEffect(() => {
    const range = { from: filter.from, to: filter.to, venueId: filter.venueId };
    setLoading(true);
    Promise.all([
      salesTrend({ ...range, period: filter.period, categoryId: filter.categoryId }).then(setTrend),
      salesByCategory(range).then(setCats),
    ])
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [filter]);

  useEffect(() => {
    topDishes({ from: filter.from, to: filter.to, venueId: filter.venueId, categoryId: filter.categoryId, by, limit: 10 })
      .then(setTop)
      .catch(() => undefined);
  }, [filter, by]);

  const trendChart = useMemo(
    () => trendOption(trend?.series ?? [], digits, { quantity: t('report.quantity'), amount: t('report.amount') }, isRtl()),
    [trend, digits],
  );
  const topChart = useMemo(
    () => topOption(top?.dishes ?? [], by, digits, by === 'quantity' ? t('report.quantity') : t('report.amount'), isRtl()),
    [top, by, digits],
  );

  return (
    <ReportPage testId="report-sales-page">
      <ReportFilters value={filter} onChange={setFilter} dishFilter="category" />
      <Totals totals={trend?.totals} digits={digits} currency={trend?.currency} loading={loading && !trend} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('report.trend')}>
            <Chart option={trendChart} testId="report-trend-chart" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={t('report.topDishes')}
            extra={
              <Segmented<'quantity' | 'amount'>
                size="small"
                value={by}
                onChange={setBy}
                data-testid="report-top-by"
                options={[
                  { label: t('report.byQuantity'), value: 'quantity' },
                  { label: t('report.byAmount'), value: 'amount' },
                ]}
              />
            }
          >
            <Chart option={topChart} testId="report-top-chart" />
          </Card>
        </Col>
        <Col span={24}>
          <Card size="small" title={t('report.byCategory')}>
            <Table<CategoryRow>
              size="small"
              rowKey="categoryId"
              loading={loading}
              pagination={false}
              scroll={{ x: 600 }}
              dataSource={cats?.categories ?? []}
              data-testid="report-category-table"
              columns={[
                {
                  title: t('report.category'),
                  dataIndex: 'categoryName',
                  render: (_, r) => r.categoryName || `#${r.categoryId}`,
                },
                { title: t('report.quantity'), dataIndex: 'quantity', align: 'right' },
                amountColumn<CategoryRow>(t('report.amount'), 'amount', digits),
                { title: t('report.cancelledQuantity'), dataIndex: 'cancelledQuantity', align: 'right' },
                amountColumn<CategoryRow>(t('report.cancelledAmount'), 'cancelledAmount', digits),
              ]}
            />
          </Card>
        </Col>
      </Row>
    </ReportPage>
  );
};

export default SalesPage;
