import { Select } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
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
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    getArea(value, true)
      .then((a) => setOptions((o) => [...o, { label: `${a.label || a.name} (${a.code})`, value }]))
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const onSearch = (keyword: string) => {
    clearTimeout(timer.current);
    if (!keyword.trim()) return;
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        const hits = await searchAreas(keyword.trim(), true);
        setOptions(hits.map((h) => ({ label: `${h.path} (${h.code})`, value: h.code })));
      } catch {
        /* shown by the request layer */
      } finally {
        setLoading(false);
      }
    }, 250);
  };

  return (
    <Select
      id={id}
      showSearch
      allowClear
      value={value || undefined}
      placeholder={t('sys.area.searchPlaceholder')}
      filterOption={false}
      onSearch={onSearch}
      onChange={(v) => onChange?.(v)}
      loading={loading}
      options={options}
      notFoundContent={null}
    />
  );
};

export default AreaSelect;
