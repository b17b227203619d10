/**
 * The print jobs of one order (kitchen tickets, CANCEL tickets, bills) with their state, for the
 * order's detail: queued, sending, printed, or failed with the reason. Refreshes every 3 s while
 * shown, so a ticket printing reaches an open drawer without a reload.
 */
import { List, Space, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { listJobs, type PrintJob } from '@/services/printing';
import { formatMessage } from '@/utils/intl';

const t = (id: string, values?: Record<string, string | number>) => formatMessage({ id }, values);
const COLOR: Record<string, string> = {
  queued: 'gold',
  sending: 'processing',
  printed: 'success',
  failed: 'error',
};

const OrderPrintJobs: React.FC<{ venueId: number; orderId: number }> = ({ venueId, orderId }) => {
  const [jobs, setJobs] = useState<PrintJob[]>();
  const load = useCallback(
    () =>
      listJobs(venueId, { orderId, pageSize: 100 })
        .then((p) => setJobs(p.records))
        .catch(() => undefined),
    [venueId, orderId],
  );
  useEffect(() => {
    load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load();
    }, 3_000);
    return () => clearInterval(timer);
  }, [load]);
  if (!jobs) return null;
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('menu.configure.printjob')}</Typography.Text>}
      dataSource={jobs}
      locale={{ emptyText: t('printing.order.none') }}
      data-testid="order-print-jobs"
      renderItem={(j) => (
        <List.Item>
          <Space wrap size={4}>
            <Tag color={j.kind === 'cancel' ? 'red' : j.kind === 'kitchen' ? 'orange' : 'blue'}>
              {t(`printing.kind.${j.kind}`)}
            </Tag>
            {j.reprint ? <Tag>{t('printing.job.reprint')}</Tag> : null}
            <span>{j.printerId ? j.printerName : t('printing.job.noPrinter')}</span>
            <Tag color={COLOR[j.state]} data-testid={`order-job-${j.id}`}>
              {t(`printing.state.${j.state}`)}
            </Tag>
            {j.lastError && j.state !== 'printed' ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                {j.lastError}
              </Typography.Text>
            ) : null}
          </Space>
        </List.Item>
      )}
    />
  );
};

export default OrderPrintJobs;
