import { Empty, Timeline, Typography } from 'antd';
import React from 'react';
import type { TimelineEntry } from '@/services/advert';
import { formatDate } from '@/utils/intl';
import { timelineLine } from './timeline';
import { t } from './text';

/** The ad's status timeline: its review history from the process engine. */
const AdvertTimeline: React.FC<{ entries: TimelineEntry[] }> = ({ entries }) => {
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('advert.timeline.empty')} />;
  return (
    <Timeline
      data-testid="advert-timeline"
      items={entries.map((e, i) => {
        const line = timelineLine(e);
        return {
          key: `${e.time}-${i}`,
          color: line.color,
          children: (
            <div data-testid={`advert-timeline-${e.kind}`}>
              <div>{t(line.key, line.values)}</div>
              {line.comment ? (
                <Typography.Paragraph style={{ margin: '2px 0' }} type="secondary">
                  “{line.comment}”
                </Typography.Paragraph>
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(e.time)}
              </Typography.Text>
            </div>
          ),
        };
      })}
    />
  );
};

export default AdvertTimeline;
