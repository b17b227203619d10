/**
 * Pickers of the ad form: venues (with their tablets counted), tablets grouped by venue,
 * administrative areas (searched by name or code) and the merchant's dishes for the link.
 */
import { Select, Space, Typography } from 'antd';
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedSearch } from '@/hooks/useDebouncedSearch';
import { getDishOption, searchDishes, type DishOption, type Tablet } from '@/services/advert';
import { areaChildren, searchAreas } from '@/services/sys-admin';
import { formatNumber } from '@/utils/intl';
import type { VenueOption } from '../../shared/useAdvertData';
import { t } from '../../shared/text';

interface MultiProps<V> {
  value?: V[];
  onChange?: (v: V[]) => void;
  id?: string;
}

/** What the three target pickers share: a searchable, clearable multiple select bound to the form. */
const multiSelect = <V,>({ id, value, onChange }: MultiProps<V>) => ({
  id,
  mode: 'multiple' as const,
  allowClear: true,
  showSearch: true,
  value: value ?? [],
  onChange: (v: V[]) => onChange?.(v),
});

export const VenuesSelect: React.FC<
  MultiProps<number> & {
    venues: VenueOption[];
    tablets: Tablet[];
    showMerchant?: boolean;
    loading?: boolean;
  }
> = ({ value, onChange, id, venues, tablets, showMerchant, loading }) => {
  const counts = useMemo(() => {
    const m = new Map<number, number>();
    tablets
      .filter((tb) => tb.status === 1)
      .forEach((tb) => {
        m.set(tb.venueId, (m.get(tb.venueId) ?? 0) + 1);
      });
    return m;
  }, [tablets]);
  return (
    <Select
      {...multiSelect({ id, value, onChange })}
      loading={loading}
      optionFilterProp="search"
      placeholder={t('advert.targets.venuesPlaceholder')}
      data-testid="advert-target-venues"
      options={venues.map((v) => ({
        value: v.id,
        search: `${v.merchantName} ${v.name}`,
        disabled: !v.enabled && !(value ?? []).includes(v.id),
        label: (
          <Space size={6}>
            <span>{showMerchant && v.merchantName ? `${v.merchantName} / ${v.name}` : v.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('advert.targets.tabletsOf', { count: formatNumber(counts.get(v.id) ?? 0) })}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  );
};

export const TabletsSelect: React.FC<
  MultiProps<number> & { tablets: Tablet[]; loading?: boolean }
> = ({ value, onChange, id, tablets, loading }) => {
  const groups = useMemo(() => {
    const byVenue = new Map<
      number,
      { label: string; options: { value: number; label: string; search: string }[] }
    >();
    tablets.forEach((tb) => {
      const g = byVenue.get(tb.venueId) ?? { label: tb.venueName || `#${tb.venueId}`, options: [] };
      const label = `${tb.number}${tb.name ? ` · ${tb.name}` : ''}${tb.status === 1 ? '' : ` (${t('advert.tablet.disabled')})`}`;
      g.options.push({ value: tb.id, label, search: `${g.label} ${label}` });
      byVenue.set(tb.venueId, g);
    });
    return [...byVenue.values()];
  }, [tablets]);
  return (
    <Select
      {...multiSelect({ id, value, onChange })}
      loading={loading}
      optionFilterProp="search"
      placeholder={t('advert.targets.tabletsPlaceholder')}
      options={groups}
      data-testid="advert-target-tablets"
    />
  );
};

interface AreaOption {
  value: string;
  label: string;
}

const merge = (a: AreaOption[], b: AreaOption[]) => {
  const seen = new Set(a.map((x) => x.value));
  return [...a, ...b.filter((x) => !seen.has(x.value))];
};

/** Areas by search (name or code); the top level is offered before typing. */
export const AreasSelect: React.FC<MultiProps<string> & { known?: AreaOption[] }> = ({
  value,
  onChange,
  id,
  known = [],
}) => {
  const [options, setOptions] = useState<AreaOption[]>(known);
  const chosen = useRef<Map<string, AreaOption>>(new Map(known.map((k) => [k.value, k])));

  useEffect(() => {
    areaChildren()
      .then((top) =>
        setOptions((o) =>
          merge(
            o,
            top.map((a) => ({ value: a.code, label: `${a.label || a.name} (${a.code})` })),
          ),
        ),
      )
      .catch(() => undefined);
  }, []);

  // the area list needs sys:area query; without it the field stays as it is
  const { loading, search, cancel } = useDebouncedSearch(async (keyword) => {
    const hits = await searchAreas(keyword, true);
    setOptions([
      ...(value ?? []).map((v) => chosen.current.get(v) ?? { value: v, label: v }),
      ...hits
        .filter((h) => !(value ?? []).includes(h.code))
        .map((h) => ({ value: h.code, label: `${h.path} (${h.code})` })),
    ]);
  });

  return (
    <Select
      {...multiSelect({ id, value })}
      filterOption={false}
      loading={loading}
      placeholder={t('advert.targets.areasPlaceholder')}
      onSearch={(keyword) => (keyword.trim() ? search(keyword) : cancel())}
      onChange={(v: string[]) => {
        for (const o of options) if (v.includes(o.value)) chosen.current.set(o.value, o);
        onChange?.(v);
      }}
      options={options}
      data-testid="advert-target-areas"
    />
  );
};

/** One of the merchant's dishes, searched by name. */
export const DishSelect: React.FC<{
  value?: number;
  onChange?: (v?: number) => void;
  id?: string;
}> = ({ value, onChange, id }) => {
  const [options, setOptions] = useState<DishOption[]>([]);
  // needs cuisine:dish query; without it the list stays empty
  const { loading, search, run } = useDebouncedSearch(async (name) => {
    const page = await searchDishes(name || undefined);
    setOptions((o) => [
      ...o.filter((d) => d.id === value),
      ...page.records.filter((d) => d.id !== value),
    ]);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search, once when the picker mounts
  useEffect(() => {
    run('');
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: looks a chosen dish up when the value changes; the options growing must not fetch again
  useEffect(() => {
    if (!value || options.some((d) => d.id === value)) return;
    getDishOption(value)
      .then((d) => setOptions((o) => [d, ...o.filter((x) => x.id !== d.id)]))
      .catch(() => undefined);
  }, [value]);

  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      placeholder={t('advert.link.dishPlaceholder')}
      value={value || undefined}
      onChange={(v) => onChange?.(v)}
      onSearch={search}
      data-testid="advert-link-dish"
      options={options.map((d) => ({
        value: d.id,
        label: (
          <Space size={6}>
            {d.images?.[0] ? (
              <img
                src={d.images[0]}
                alt=""
                width={20}
                height={20}
                style={{ objectFit: 'cover', borderRadius: 3 }}
              />
            ) : null}
            <span>{d.name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {d.number}
            </Typography.Text>
          </Space>
        ),
      }))}
    />
  );
};
