import { Card, Col, Row, Statistic } from 'antd';
import React from 'react';
import type { Figures } from '@/services/report';
import { displayMoney } from '@/utils/money';
import { t } from './text';

/** The range's four figures: sold quantity and amount, cancelled quantity and amount. */
const Totals: React.FC<{ totals?: Figures; digits: number; currency?: string; loading?: boolean }> = ({
  totals,
  digits,
  currency,
  loading,
}) => {
  const items = [
    { key: 'quantity', title: t('report.quantity'), value: String(totals?.quantity ?? 0) },
    { key: 'amount', title: t('report.amount'), value: displayMoney(totals?.amount ?? 0, digits, currency) },
    { key: 'cancelledQuantity', title: t('report.cancelledQuantity'), value: String(totals?.cancelledQuantity ?? 0) },
    {
      key: 'cancelledAmount',
      title: t('report.cancelledAmount'),
      value: displayMoney(totals?.cancelledAmount ?? 0, digits, currency),
    },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {items.map((i) => (
        <Col key={i.key} xs={12} md={6}>
          <Card size="small" loading={loading}>
            <Statistic title={i.title} value={i.value} data-testid={`report-total-${i.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
};

export default Totals;
