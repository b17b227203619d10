import { DatePicker, Flex, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import React, { useEffect, useMemo, useState } from 'react';
import { useIsPhone } from '@/hooks/useIsPhone';
import { filterOptions, listVenues, type Period, type ReportFilterOptions, type VenueOption } from '@/services/report';
import { defaultRange, rangeParams } from './rules';
import { t } from './text';

export interface ReportFilter {
  period: Period;
  from: string;
  to: string;
  /** 0: every venue of the merchant */
  venueId: number;
  /** 0: every category */
  categoryId: number;
  /** 0: every dish */
  dishId: number;
}

export const initialFilter = (period: Period = 'day'): ReportFilter => ({
  period,
  ...rangeParams(period, defaultRange(period)),
  venueId: 0,
  categoryId: 0,
  dishId: 0,
});

export interface ReportFiltersProps {
  value: ReportFilter;
  onChange: (f: ReportFilter) => void;
  /** offer the by-week switch (pages whose figures have periods) */
  periods?: boolean;
  /** offer the category filter, and with 'dish' the dish filter too (narrowed to the category) */
  dishFilter?: 'category' | 'dish';
  extra?: React.ReactNode;
}

/** Range by date or by ISO week, and the venue (all venues of the merchant by default). */
const ReportFilters: React.FC<ReportFiltersProps> = ({ value, onChange, periods = true, dishFilter, extra }) => {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange(value.period));
  const [venues, setVenues] = useState<VenueOption[]>([]);
  const [options, setOptions] = useState<ReportFilterOptions>({ categories: [], dishes: [] });
  const phone = useIsPhone();
  // On a phone every filter takes a whole row; on a desktop they sit side by side.
  const wide = (px: number): React.CSSProperties => (phone ? { width: '100%' } : { width: px });

  useEffect(() => {
    listVenues()
      .then(setVenues)
      .catch(() => setVenues([]));
  }, []);

  useEffect(() => {
    if (!dishFilter) return;
    filterOptions()
      .then(setOptions)
      .catch(() => setOptions({ categories: [], dishes: [] }));
  }, [dishFilter]);

  const dishes = useMemo(
    () => options.dishes.filter((d) => !value.categoryId || d.categoryId === value.categoryId),
    [options, value.categoryId],
  );

  const change = (period: Period, next: [Dayjs, Dayjs]) => {
    setRange(next);
    onChange({ ...value, period, ...rangeParams(period, next) });
  };

  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }} data-testid="report-filters">
      {periods && (
        <Segmented<Period>
          data-testid="report-period"
          value={value.period}
          options={[
            { label: t('report.byDay'), value: 'day' },
            { label: t('report.byWeek'), value: 'week' },
          ]}
          onChange={(p) => change(p, defaultRange(p))}
        />
      )}
      <span data-testid="report-range" style={{ maxWidth: '100%' }}>
        <DatePicker.RangePicker
          allowClear={false}
          picker={value.period === 'week' ? 'week' : 'date'}
          value={range}
          onChange={(v) => v?.[0] && v[1] && change(value.period, [v[0], v[1]])}
          style={{ maxWidth: '100%' }}
        />
      </span>
      {venues.length > 1 && (
        <Select<number>
          data-testid="report-venue"
          style={phone ? { width: '100%' } : { minWidth: 200 }}
          value={value.venueId}
          onChange={(venueId) => onChange({ ...value, venueId })}
          options={[
            { value: 0, label: t('report.allVenues') },
            ...venues.map((v) => ({ value: v.id, label: `${v.name} (${v.timezone})` })),
          ]}
        />
      )}
      {dishFilter && (
        <Select<number>
          data-testid="report-category"
          style={wide(180)}
          showSearch
          optionFilterProp="label"
          value={value.categoryId}
          onChange={(categoryId) => {
            // a dish of another category would leave the report empty
            const keep = options.dishes.some((d) => d.id === value.dishId && d.categoryId === categoryId);
            onChange({ ...value, categoryId, dishId: categoryId && keep ? value.dishId : 0 });
          }}
          options={[
            { value: 0, label: t('report.allCategories') },
            ...options.categories.map((c) => ({ value: c.id, label: c.name || `#${c.id}` })),
          ]}
        />
      )}
      {dishFilter === 'dish' && (
        <Select<number>
          data-testid="report-dish-filter"
          style={wide(220)}
          showSearch
          optionFilterProp="label"
          value={value.dishId}
          onChange={(dishId) => onChange({ ...value, dishId })}
          options={[
            { value: 0, label: t('report.allDishes') },
            ...dishes.map((d) => ({ value: d.id, label: d.name || `#${d.id}` })),
          ]}
        />
      )}
      {extra}
    </Flex>
  );
};

export default ReportFilters;
