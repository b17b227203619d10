/**
 * /report/cancellation: what was cancelled of a range's sales (counted on the day each line
 * was sold), by dish and by reason, with the Excel export.
 */
import { Card, Col, Row, Table } from 'antd';
import React, { useEffect, useState } from 'react';
import {
  cancellations,
  exportCancellations,
  type CancellationReport,
  type DishRow,
  type ReasonRow,
} from '@/services/report';
import { amountColumn } from '../shared/columns';
import ExportButton from '../shared/ExportButton';
import ReportFilters, { initialFilter, type ReportFilter } from '../shared/ReportFilters';
import ReportPage from '../shared/ReportPage';
import { t } from '../shared/text';
import Totals from '../shared/Totals';

const CancellationPage: React.FC = () => {
  const [filter, setFilter] = useState<ReportFilter>(() => initialFilter('day'));
  const [report, setReport] = useState<CancellationReport>();
  const [loading, setLoading] = useState(false);
  const digits = report?.currencyDigits ?? 2;
  const range = { from: filter.from, to: filter.to, venueId: filter.venueId };

  useEffect(() => {
    setLoading(true);
    cancellations({ from: filter.from, to: filter.to, venueId: filter.venueId })
      .then(setReport)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [filter]);

  return (
    <ReportPage testId="report-cancellation-page">
      <ReportFilters
        value={filter}
        onChange={setFilter}
        periods={false}
        extra={
          <ExportButton
            code="report:cancel:export"
            hasData={() => !!(report?.dishes.length || report?.reasons.length)}
            download={() => exportCancellations(range)}
          />
        }
      />
      <Totals totals={report?.totals} digits={digits} currency={report?.currency} loading={loading && !report} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('report.cancelledDishes')}>
            <Table<DishRow>
              size="small"
              rowKey="dishId"
              loading={loading}
              scroll={{ x: 480 }}
              pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
              dataSource={report?.dishes ?? []}
              data-testid="report-cancelled-dishes"
              columns={[
                { title: t('report.dish'), dataIndex: 'dishName', render: (_, r) => r.dishName || `#${r.dishId}` },
                { title: t('report.cancelledQuantity'), dataIndex: 'cancelledQuantity', align: 'right' },
                amountColumn<DishRow>(t('report.cancelledAmount'), 'cancelledAmount', digits),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('report.reasons')}>
            <Table<ReasonRow>
              size="small"
              rowKey="reason"
              loading={loading}
              pagination={false}
              dataSource={report?.reasons ?? []}
              data-testid="report-reasons"
              columns={[
                { title: t('report.reason'), dataIndex: 'reason', render: (_, r) => r.reason || t('report.noReason') },
                { title: t('report.times'), dataIndex: 'times', align: 'right' },
                { title: t('report.cancelledQuantity'), dataIndex: 'quantity', align: 'right' },
                amountColumn<ReasonRow>(t('report.cancelledAmount'), 'amount', digits),
              ]}
            />
          </Card>
        </Col>
      </Row>
    </ReportPage>
  );
};

export default CancellationPage;
