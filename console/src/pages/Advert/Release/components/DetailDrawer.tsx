/**
 * An ad in a drawer: its fields, the audit opinion, the materials as they play (images one
 * after the other, a video in a player), the targets, the status timeline from the review
 * process, and the actions its status allows.
 */
import { Alert, Button, Card, Col, Descriptions, Drawer, Row, Skeleton, Space, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { useOperation } from '@/components/Access';
import { getAdvert, getDishOption, type Advert, type AdvertAction, type AdvertDetail } from '@/services/advert';
import { formatDate, formatNumber } from '@/utils/intl';
import AdvertTimeline from '../../shared/AdvertTimeline';
import MaterialsPreview from '../../shared/MaterialsPreview';
import { periodText } from '../../shared/periodRules';
import StatusTag from '../../shared/StatusTag';
import { seconds, t } from '../../shared/text';
import { actionButtons } from './actionRules';
import { safeHref } from '@/utils/safeHref';

export interface DetailDrawerProps {
  id?: number;
  /** bumped by the page when the ad may have changed */
  version: number;
  platform: boolean;
  onClose: () => void;
  onAction: (ad: Advert, action: AdvertAction) => void;
}

const DishName: React.FC<{ id: string }> = ({ id }) => {
  const [name, setName] = useState<string>();
  useEffect(() => {
    const n = Number(id);
    if (!n) return;
    getDishOption(n)
      .then((d) => setName(`${d.name} (${d.number})`))
      .catch(() => setName(undefined));
  }, [id]);
  return <>{name ?? t('advert.link.dishId', { id })}</>;
};

const DetailDrawer: React.FC<DetailDrawerProps> = ({ id, version, platform, onClose, onAction }) => {
  const [ad, setAd] = useState<AdvertDetail>();
  const { can } = useOperation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: onClose is the parent's inline callback, new on every render: it must not reload the advert
  const load = useCallback(() => {
    if (!id) return;
    getAdvert(id)
      .then(setAd)
      .catch(() => onClose());
  }, [id]);

  useEffect(() => {
    setAd(undefined);
    load();
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the parent's reload signal; another id loads through the effect above
  useEffect(() => {
    if (version) load();
  }, [version]);

  const buttons = ad ? actionButtons(ad, { platform, can }) : [];

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width="min(980px, 96vw)"
      destroyOnClose
      title={
        ad ? (
          <Space wrap>
            <span data-testid="advert-detail-title">{ad.title}</span>
            <StatusTag ad={ad} />
          </Space>
        ) : (
          t('advert.detail.title')
        )
      }
      footer={
        buttons.length ? (
          <Space wrap data-testid="advert-detail-actions">
            {buttons.map((a) => (
              <Button
                key={a}
                type={a === 'publish' ? 'primary' : 'default'}
                danger={a === 'takedown' || a === 'delete'}
                onClick={() => ad && onAction(ad, a)}
                data-testid={`advert-detail-${a}`}
              >
                {t(`advert.action.${a}`)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      {!ad ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="advert-detail">
          {ad.submitting ? <Alert type="info" showIcon message={t('advert.detail.submitting')} /> : null}
          {ad.opinion && (ad.status === 'rejected' || ad.status === 'approved' || ad.status === 'ended') ? (
            <Alert
              type={ad.status === 'rejected' ? 'warning' : 'success'}
              showIcon
              message={t(ad.status === 'rejected' ? 'advert.opinion.rejected' : 'advert.opinion.approved')}
              description={<span data-testid="advert-opinion">{ad.opinion}</span>}
            />
          ) : null}
          {ad.status === 'ended' ? (
            <Alert
              type={ad.endedBy === 'takedown' ? 'error' : 'info'}
              showIcon
              message={t(ad.endedBy === 'takedown' ? 'advert.ended.takedown' : 'advert.ended.period', {
                time: formatDate(ad.endedAt),
              })}
              description={ad.endReason || undefined}
            />
          ) : null}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('advert.field.releaseNo')}>
              <Typography.Text copyable>{ad.releaseNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.type')}>
              <Space size={4}>
                <Tag>{t(`advert.type.${ad.type}`)}</Tag>
                {ad.request ? <Tag color="purple">{t('advert.tab.request')}</Tag> : null}
              </Space>
            </Descriptions.Item>
            {ad.merchantName ? (
              <Descriptions.Item label={t('advert.field.merchant')}>{ad.merchantName}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('advert.field.materialType')}>
              {t(`advert.materialType.${ad.materialType}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.totalDuration')}>
              {seconds(ad.totalDuration)} ({t('advert.materials.count', { count: ad.materials.length })})
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.period')} span={2}>
              {periodText(ad, t)}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.tabletCount')}>{formatNumber(ad.tabletCount)}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.playCount')}>{formatNumber(ad.playCount)}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.targets')} span={2}>
              <Space size={[4, 4]} wrap>
                <Typography.Text type="secondary">{t(`advert.targetType.${ad.targetType}`)}:</Typography.Text>
                {ad.targets.map((x, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list drawn once; the index only tells repeated targets apart
                  <Tag key={`${x.kind}-${x.id ?? x.areaCode}-${i}`}>{x.name || x.areaCode || `#${x.id}`}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.link')} span={2}>
              {ad.linkType === 'url' && safeHref(ad.linkValue) ? (
                <Typography.Link href={safeHref(ad.linkValue)} target="_blank" rel="noopener noreferrer">
                  {ad.linkValue}
                </Typography.Link>
              ) : ad.linkType === 'dish' ? (
                <DishName id={ad.linkValue} />
              ) : (
                t('advert.link.none')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.createdBy')}>{ad.createdByName || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.createdAt')}>{formatDate(ad.createdAt)}</Descriptions.Item>
            {ad.approvedAt ? (
              <Descriptions.Item label={t('advert.field.approvedAt')}>{formatDate(ad.approvedAt)}</Descriptions.Item>
            ) : null}
            {ad.endedAt ? (
              <Descriptions.Item label={t('advert.field.endedAt')}>{formatDate(ad.endedAt)}</Descriptions.Item>
            ) : null}
          </Descriptions>
          <Row gutter={16}>
            <Col xs={24} lg={14}>
              <Card size="small" title={t('advert.section.preview')}>
                <MaterialsPreview materials={ad.materials} materialType={ad.materialType} />
              </Card>
            </Col>
            <Col xs={24} lg={10}>
              <Card size="small" title={t('advert.section.timeline')}>
                <AdvertTimeline entries={ad.timeline} />
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </Drawer>
  );
};

export default DetailDrawer;
