/**
 * The week's opening hours: per weekday closed, or one to six periods (open – close, a close
 * before the open running past midnight). Problems show on the day's row as they are typed.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Switch, TimePicker, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { DayHours, Period } from '@/services/shop';
import { activeLocale } from '@/utils/intl';
import { t } from '../../../Configure/shared/text';
import { dayProblem, MAX_PERIODS, normalizeHours, overnight } from '../logic';

/** Weekday names of the active language, Monday = 1 (2024-01-01 was a Monday). */
function weekday(day: number): string {
  return new Intl.DateTimeFormat(activeLocale().locale, {
    weekday: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, day)));
}

const FORMAT = 'HH:mm';

const TimeField: React.FC<{ value: string; onChange: (v: string) => void; testId: string }> = ({
  value,
  onChange,
  testId,
}) => (
  <TimePicker
    value={value ? dayjs(value, FORMAT) : null}
    format={FORMAT}
    minuteStep={5}
    allowClear={false}
    needConfirm={false}
    showNow={false}
    style={{ width: 96 }}
    onChange={(v) => onChange(v ? v.format(FORMAT) : '')}
    data-testid={testId}
  />
);

export interface OpeningHoursProps {
  value?: DayHours[];
  onChange?: (value: DayHours[]) => void;
}

const OpeningHours: React.FC<OpeningHoursProps> = ({ value, onChange }) => {
  const week = normalizeHours(value);
  const set = (day: number, change: (d: DayHours) => DayHours) =>
    onChange?.(week.map((d) => (d.day === day ? change({ ...d, periods: [...d.periods] }) : d)));
  const setPeriod = (day: number, i: number, p: Partial<Period>) =>
    set(day, (d) => ({ ...d, periods: d.periods.map((x, j) => (j === i ? { ...x, ...p } : x)) }));

  return (
    <div className="venue-hours" data-testid="opening-hours">
      {week.map((d, i) => {
        const problem = dayProblem(d, week[(i + 1) % 7]);
        return (
          <div key={d.day} className="venue-hours-day" data-testid={`hours-day-${d.day}`}>
            <div className="venue-hours-head">
              <Typography.Text strong style={{ minWidth: 96, display: 'inline-block' }}>
                {weekday(d.day)}
              </Typography.Text>
              <Switch
                size="small"
                checked={!d.closed}
                checkedChildren={t('shop.hours.open')}
                unCheckedChildren={t('shop.hours.closed')}
                onChange={(open) =>
                  set(d.day, (x) => ({
                    ...x,
                    closed: !open,
                    periods:
                      open && x.periods.length === 0
                        ? [{ open: '10:00', close: '22:00' }]
                        : x.periods,
                  }))
                }
                data-testid={`hours-open-${d.day}`}
              />
            </div>
            {!d.closed ? (
              <Space direction="vertical" size={4} style={{ width: '100%' }}>
                {d.periods.map((p, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a period has no identity but its place in the day's ordered list; the fields are controlled
                  <Space key={j} wrap size={4} align="center">
                    <TimeField
                      value={p.open}
                      onChange={(v) => setPeriod(d.day, j, { open: v })}
                      testId={`hours-${d.day}-${j}-open`}
                    />
                    <span>–</span>
                    <TimeField
                      value={p.close}
                      onChange={(v) => setPeriod(d.day, j, { close: v })}
                      testId={`hours-${d.day}-${j}-close`}
                    />
                    {overnight(p) ? (
                      <Typography.Text type="secondary">{t('shop.hours.nextDay')}</Typography.Text>
                    ) : null}
                    <Tooltip title={t('shop.hours.removePeriod')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('shop.hours.removePeriod')}
                        onClick={() =>
                          set(d.day, (x) => ({
                            ...x,
                            periods: x.periods.filter((_, k) => k !== j),
                          }))
                        }
                      />
                    </Tooltip>
                  </Space>
                ))}
                {d.periods.length < MAX_PERIODS ? (
                  <Button
                    size="small"
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      const last = d.periods[d.periods.length - 1];
                      set(d.day, (x) => ({
                        ...x,
                        periods: [
                          ...x.periods,
                          last
                            ? { open: last.close, close: '23:00' }
                            : { open: '10:00', close: '22:00' },
                        ],
                      }));
                    }}
                    data-testid={`hours-add-${d.day}`}
                  >
                    {t('shop.hours.addPeriod')}
                  </Button>
                ) : null}
                {problem ? (
                  <Typography.Text type="danger" data-testid={`hours-problem-${d.day}`}>
                    {t(`shop.hours.problem.${problem}`, { max: MAX_PERIODS })}
                  </Typography.Text>
                ) : null}
              </Space>
            ) : null}
          </div>
        );
      })}
    </div>
  );
};

export default OpeningHours;
