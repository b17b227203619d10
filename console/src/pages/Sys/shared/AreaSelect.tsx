import { Select } from 'antd';
import React, { useEffect, useState } from 'react';
import { useDebouncedSearch } from '@/hooks/useDebouncedSearch';
import { getArea, searchAreas } from '@/services/sys-admin';
import { t } from './text';

interface Option {
  label: string;
  value: string;
}

/** Picks an area by searching its name or code; shows the area's path. */
const AreaSelect: React.FC<{ value?: string; onChange?: (v?: string) => void; id?: string }> = ({
  value,
  onChange,
  id,
}) => {
  const [options, setOptions] = useState<Option[]>([]);
  const { loading, search, cancel } = useDebouncedSearch(async (keyword) => {
    const hits = await searchAreas(keyword, true);
    setOptions(hits.map((h) => ({ label: `${h.path} (${h.code})`, value: h.code })));
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: looks a chosen area up when the value changes; the options growing must not fetch again
  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    getArea(value, true)
      .then((a) => setOptions((o) => [...o, { label: `${a.label || a.name} (${a.code})`, value }]))
      .catch(() => undefined);
  }, [value]);

  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value || undefined}
      placeholder={t('sys.area.searchPlaceholder')}
      filterOption={false}
      onSearch={(keyword) => (keyword.trim() ? search(keyword) : cancel())}
      onChange={(v) => onChange?.(v)}
      loading={loading}
      options={options}
      notFoundContent={null}
    />
  );
};

export default AreaSelect;
