import { Descriptions, Drawer, Spin, Tag, Typography } from 'antd';
import React, { useEffect, useState } from 'react';
import { getLog, type OpLog } from '@/services/sys-admin';
import { formatDate, formatNumber } from '@/utils/intl';
import { prettyBody } from '../rules';
import { t } from '../../shared/text';

const LogDetail: React.FC<{ id?: number; onClose: () => void }> = ({ id, onClose }) => {
  const [row, setRow] = useState<OpLog>();
  const [loading, setLoading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onClose is the parent's inline callback, new on every render: it must not reload the entry
  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoading(true);
    getLog(id)
      .then((r) => live && setRow(r))
      .catch(() => onClose())
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id]);
  const ok = row?.code === 10000;
  return (
    <Drawer open={!!id} onClose={onClose} width={640} title={t('sys.log.detail')} destroyOnClose>
      <Spin spinning={loading}>
        {row && (
          <>
            <Descriptions column={1} size="small" bordered data-testid="log-detail">
              <Descriptions.Item label={t('sys.log.time')}>
                {formatDate(row.createdAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.user')}>{row.username || '-'}</Descriptions.Item>
              <Descriptions.Item label={t('sys.log.module')}>{row.module}</Descriptions.Item>
              <Descriptions.Item label={t('sys.log.operation')}>
                {row.operation} {row.summary && <div style={{ opacity: 0.7 }}>{row.summary}</div>}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.request')}>
                <Typography.Text code>
                  {row.method} {row.path}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.result')}>
                <Tag color={ok ? 'success' : 'error'}>
                  {ok ? t('sys.log.result.ok') : t('sys.log.result.fail')}
                </Tag>
                HTTP {row.status} · {row.code}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.latency')}>
                {formatNumber(row.latencyMs)} ms
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.ip')}>{row.ip}</Descriptions.Item>
              <Descriptions.Item label={t('sys.log.userAgent')}>
                {row.userAgent || '-'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sys.log.requestId')}>
                <Typography.Text copyable>{row.requestId}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('sys.log.body')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('sys.log.body.masked')}</Typography.Paragraph>
            <pre
              data-testid="log-body"
              style={{
                maxHeight: 360,
                overflow: 'auto',
                padding: 12,
                borderRadius: 6,
                background: 'rgba(128,128,128,0.08)',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                direction: 'ltr',
              }}
            >
              {prettyBody(row.body) || t('sys.log.body.empty')}
            </pre>
          </>
        )}
      </Spin>
    </Drawer>
  );
};

export default LogDetail;
