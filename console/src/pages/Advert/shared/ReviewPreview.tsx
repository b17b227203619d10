/**
 * The ad as its reviewer sees it in the task inbox (definition advert_review): materials in a
 * player, link, period, targets and tablets, from the variables the review process set when the
 * ad entered review. Registered in components/TaskPreview.
 */
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import React from 'react';
import type { Material } from '@/services/advert';
import { formatNumber } from '@/utils/intl';
import { windowText } from './periodRules';
import MaterialsPreview from './MaterialsPreview';
import { seconds, t } from './text';
import { safeHref } from '@/utils/safeHref';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);

export interface TaskPreviewProps {
  variables: Record<string, unknown>;
}

const ReviewPreview: React.FC<TaskPreviewProps> = ({ variables: v }) => {
  const materials: Material[] = Array.isArray(v.materials)
    ? (v.materials as Record<string, unknown>[]).map((m) => ({
        url: str(m.url),
        type: (str(m.type) || '') as Material['type'],
        duration: num(m.duration),
      }))
    : [];
  const targets = Array.isArray(v.targets) ? (v.targets as unknown[]).map(str) : [];
  const linkType = str(v.linkType) || 'none';
  const linkValue = str(v.linkValue);
  const request = v.request === true || v.request === 'true';
  const period =
    str(v.startDate) && str(v.endDate)
      ? t('advert.period.text', {
          start: str(v.startDate),
          end: str(v.endDate),
          window: windowText(str(v.dailyStart), str(v.dailyEnd), t),
        })
      : str(v.period);

  return (
      <Card size="small" title={t('advert.review.title')} data-testid="advert-review-preview">
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('advert.field.title')} span={2}>
              <Typography.Text strong data-testid="advert-review-title">
                {str(v.title)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.releaseNo')}>{str(v.releaseNo)}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.type')}>
              <Space size={4}>
                <Tag>{t(`advert.type.${str(v.adType) === 'platform' ? 'platform' : 'merchant'}`)}</Tag>
                {request ? <Tag color="purple">{t('advert.tab.request')}</Tag> : null}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.merchant')}>{str(v.merchantName)}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.totalDuration')}>{seconds(num(v.totalDuration))}</Descriptions.Item>
            <Descriptions.Item label={t('advert.field.period')} span={2}>
              {period}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.tabletCount')}>
              {formatNumber(num(v.tabletCount))}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.link')}>
              {linkType === 'url' && safeHref(linkValue) ? (
                <Typography.Link href={safeHref(linkValue)} target="_blank" rel="noopener noreferrer">
                  {linkValue}
                </Typography.Link>
              ) : linkType === 'dish' ? (
                <span data-testid="advert-review-dish">
                  {str(v.linkName) || t('advert.link.dishId', { id: linkValue })}
                </span>
              ) : (
                t('advert.link.none')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('advert.field.targets')} span={2}>
              <Space size={[4, 4]} wrap>
                {targets.map((name, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list drawn once; the index only tells repeated names apart
                  <Tag key={`${name}-${i}`}>{name}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <MaterialsPreview materials={materials} materialType={str(v.materialType)} />
        </Space>
      </Card>
  );
};

export default ReviewPreview;
