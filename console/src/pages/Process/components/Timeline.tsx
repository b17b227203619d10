/** An instance's timeline: who did what on which node, comments and submitted form data. */
import { Collapse, Timeline as AntTimeline, Typography } from 'antd';
import React from 'react';
import { actionLabel, eventLabel, t } from './labels';
import { FormValues } from '@/components/FormilyRenderer';
import type { TimelineItem } from '@/services/process';
import { formatStaffTime } from '@/utils/zone';

const COLORS: Record<string, string> = {
  approve: 'green',
  complete: 'green',
  reject: 'red',
  return: 'orange',
  nodeRejected: 'red',
  cancelled: 'gray',
  withdrawn: 'gray',
  instanceEnded: 'green',
  serviceFailed: 'red',
  nodeFailed: 'red',
  retried: 'orange',
};

export const ProcessTimeline: React.FC<{
  items: TimelineItem[];
  schemas?: Record<string, Record<string, unknown> | string>;
}> = ({ items, schemas }) => (
  <AntTimeline
    data-testid="process-timeline"
    items={items.map((item) => {
      const form = item.data?.form as Record<string, unknown> | undefined;
      const what = item.action ? actionLabel(item.action) : eventLabel(item.kind);
      return {
        color: COLORS[item.action] ?? COLORS[item.kind] ?? 'blue',
        children: (
          <div data-testid={`timeline-${item.seq}`}>
            <Typography.Text strong>
              {item.nodeName || item.nodeId || eventLabel(item.kind)}
            </Typography.Text>
            {' · '}
            {what}
            {item.actorName ? ` · ${item.actorName}` : ''}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {formatStaffTime(item.time)}
            </Typography.Text>
            {item.comment && (
              <Typography.Paragraph style={{ margin: '4px 0 0' }} type="secondary">
                “{item.comment}”
              </Typography.Paragraph>
            )}
            {form && Object.keys(form).length > 0 && (
              <Collapse
                size="small"
                ghost
                items={[
                  {
                    key: 'form',
                    label: t('process.timeline.formData'),
                    children: <FormValues values={form} schema={schemas?.[item.nodeId]} />,
                  },
                ]}
              />
            )}
          </div>
        ),
      };
    })}
  />
);

export default ProcessTimeline;
