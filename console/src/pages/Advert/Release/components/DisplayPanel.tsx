/**
 * In-store display: what each venue's tablets play now (GET /merchant/advert/display), the
 * merchant's own ads and the platform's placed there, in play order. Filters: venue (the
 * platform must choose one) and type. Merchants' "platform ads" tab shows the same view limited
 * to platform ads.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Image, List, Segmented, Select, Space, Spin, Tag, Typography } from 'antd';
import React, { useCallback, useEffect, useState } from 'react';
import { getDisplay, type AdvertType, type DisplayAd, type VenueDisplay } from '@/services/advert';
import { formatNumber } from '@/utils/intl';
import { windowText } from '../../shared/periodRules';
import { seconds, t } from '../../shared/text';
import VideoThumb from '../../shared/VideoThumb';
import { useVenues } from '../../shared/useAdvertData';
import { safeHref } from '@/utils/safeHref';

export interface DisplayPanelProps {
  platform: boolean;
  /** only ads of this type, without the type filter */
  fixedType?: AdvertType;
  /** bumped by the page to read again */
  version?: number;
}

const AdItem: React.FC<{ ad: DisplayAd; tablets: number }> = ({ ad, tablets }) => (
  <List.Item data-testid={`display-ad-${ad.releaseNo}`}>
    <List.Item.Meta
      avatar={
        ad.materialType === 'video' ? (
          <VideoThumb width={96} height={54} iconSize={22} />
        ) : (
          <Image.PreviewGroup items={ad.materials.map((m) => m.url)}>
            <Image src={ad.materials[0]?.url} width={96} height={54} style={{ objectFit: 'cover', borderRadius: 4 }} />
          </Image.PreviewGroup>
        )
      }
      title={
        <Space size={6} wrap>
          <span>{ad.title}</span>
          <Tag color={ad.type === 'platform' ? 'purple' : 'blue'}>{t(`advert.type.${ad.type}`)}</Tag>
          {ad.merchantName ? <Typography.Text type="secondary">{ad.merchantName}</Typography.Text> : null}
        </Space>
      }
      description={
        <Space size={[12, 4]} wrap style={{ fontSize: 12 }}>
          <span>{ad.releaseNo}</span>
          <span>
            {t(`advert.materialType.${ad.materialType}`)} × {ad.materials.length} · {seconds(ad.totalDuration)}
          </span>
          <span>{windowText(ad.dailyStart, ad.dailyEnd, t)}</span>
          <span>{t('advert.display.until', { date: ad.endDate })}</span>
          <span>
            {ad.tabletIds.length
              ? t('advert.display.someTablets', { count: formatNumber(ad.tabletIds.length), total: formatNumber(tablets) })
              : t('advert.display.allTablets')}
          </span>
          {ad.link.type === 'url' && safeHref(ad.link.value) ? (
            <Typography.Link href={safeHref(ad.link.value)} target="_blank" rel="noopener noreferrer" style={{ fontSize: 12 }}>
              {ad.link.value}
            </Typography.Link>
          ) : ad.link.type === 'dish' ? (
            <span>{t('advert.link.dishId', { id: ad.link.value })}</span>
          ) : null}
        </Space>
      }
    />
  </List.Item>
);

const DisplayPanel: React.FC<DisplayPanelProps> = ({ platform, fixedType, version }) => {
  const { venues, loading: venuesLoading } = useVenues();
  const [venueId, setVenueId] = useState<number>();
  const [type, setType] = useState<'all' | AdvertType>(fixedType ?? 'all');
  const [data, setData] = useState<VenueDisplay[]>();
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    if (platform && !venueId) {
      setData(undefined);
      return;
    }
    setLoading(true);
    try {
      setData(await getDisplay(venueId));
    } catch {
      setData([]);
    } finally {
      setLoading(false);
    }
  }, [platform, venueId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the parent's reload signal
  useEffect(() => {
    load();
  }, [load, version]);

  // the platform starts with the first venue
  useEffect(() => {
    if (platform && !venueId && venues.length) setVenueId(venues[0].id);
  }, [platform, venueId, venues]);

  const shown = (data ?? []).filter((d) => !venueId || d.venueId === venueId);

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={fixedType ? 'display-platform' : 'display-panel'}>
      {fixedType === 'platform' ? <Alert type="info" showIcon message={t('advert.display.platformHint')} /> : null}
      <Space wrap>
        <Select
          style={{ minWidth: 240 }}
          allowClear={!platform}
          showSearch
          optionFilterProp="label"
          loading={venuesLoading}
          placeholder={t('advert.display.allVenues')}
          value={venueId}
          onChange={(v) => setVenueId(v)}
          options={venues.map((v) => ({ value: v.id, label: platform && v.merchantName ? `${v.merchantName} / ${v.name}` : v.name }))}
          data-testid="display-venue"
        />
        {fixedType ? null : (
          <Segmented
            value={type}
            onChange={(v) => setType(v as typeof type)}
            options={[
              { value: 'all', label: t('advert.display.allTypes') },
              { value: 'merchant', label: t('advert.type.merchant') },
              { value: 'platform', label: t('advert.type.platform') },
            ]}
          />
        )}
        <Button icon={<ReloadOutlined />} onClick={load} loading={loading}>
          {t('advert.display.refresh')}
        </Button>
      </Space>
      <Spin spinning={loading}>
        {platform && !venueId ? (
          <Empty description={t('advert.display.chooseVenue')} />
        ) : shown.length === 0 && data ? (
          <Empty description={t('advert.display.noVenues')} />
        ) : (
          shown.map((d) => {
            const ads = d.ads.filter((a) => type === 'all' || a.type === type);
            return (
              <Card
                key={d.venueId}
                size="small"
                style={{ marginBottom: 12 }}
                data-testid={`display-venue-${d.venueId}`}
                title={
                  <Space wrap>
                    <span>{d.venueName}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {d.timezone}
                    </Typography.Text>
                  </Space>
                }
                extra={t('advert.display.tablets', { count: formatNumber(d.tablets) })}
              >
                {ads.length ? (
                  <List
                    size="small"
                    dataSource={ads}
                    renderItem={(ad) => <AdItem ad={ad} tablets={d.tablets} />}
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('advert.display.nothing')} />
                )}
              </Card>
            );
          })
        )}
      </Spin>
    </Space>
  );
};

export default DisplayPanel;
