import { Alert, Space, Typography } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { playlistUrl, type TabletDetail } from '@/services/advert';
import { t } from '../../shared/text';

/**
 * Shows a tablet's key once (after adding the tablet or giving it a new key), with copy
 * buttons, and the playlist address the tablet polls with it.
 */
export function showTabletKey(modal: useAppProps['modal'], tablet: TabletDetail) {
  const url = playlistUrl(tablet.key);
  const copy = { tooltips: [t('advert.copy'), t('advert.copied')] as [string, string] };
  modal.success({
    title: t('advert.tablet.keyTitle', { number: tablet.number }),
    width: 620,
    okText: t('advert.tablet.keyDone'),
    okButtonProps: { 'data-testid': 'tablet-key-ok' } as never,
    content: (
      <Space direction="vertical" style={{ width: '100%' }} data-testid="tablet-key">
        <div>
          <Typography.Text type="secondary">{t('advert.tablet.key')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: tablet.key, ...copy }} style={{ margin: '4px 0 8px' }}>
            <Typography.Text code data-testid="tablet-key-value">
              {tablet.key}
            </Typography.Text>
          </Typography.Paragraph>
        </div>
        <div>
          <Typography.Text type="secondary">{t('advert.tablet.playlistUrl')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: url, ...copy }} style={{ margin: '4px 0 8px', wordBreak: 'break-all' }}>
            <Typography.Text code data-testid="tablet-playlist-url">
              {url}
            </Typography.Text>
          </Typography.Paragraph>
        </div>
        <Alert type="warning" showIcon message={t('advert.tablet.keyOnce')} />
      </Space>
    ),
  });
}
