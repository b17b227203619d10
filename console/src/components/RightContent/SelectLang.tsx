import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import React, { useEffect, useState } from 'react';
import { LOCALES, normalizeLocale } from '@/locales';
import { getLanguages } from '@/services/sys';
import { formatMessage, getLocale, setLocale } from '@/utils/intl';

interface Language {
  code: string;
  label: string;
}

const builtIn: Language[] = LOCALES.map((l) => ({ code: l.code, label: l.label }));

/** Server list (dictKey = label, dictValue = code) mapped to supported locales. */
export function toLanguages(items: API.DictItem[] | undefined): Language[] {
  const seen = new Set<string>();
  const list: Language[] = [];
  (items ?? []).forEach((item) => {
    const code = normalizeLocale(item.dictValue);
    if (code && !seen.has(code)) {
      seen.add(code);
      list.push({ code, label: item.dictKey || code });
    }
  });
  return list.length ? list : builtIn;
}

/** Language selector, filled from getNoLanguageDict after the layout loads; reloads on choice. */
const SelectLang: React.FC = () => {
  const [languages, setLanguages] = useState<Language[]>(builtIn);
  const current = getLocale();

  useEffect(() => {
    getLanguages()
      .then((items) => setLanguages(toLanguages(items)))
      .catch(() => undefined);
  }, []);

  const items: MenuProps['items'] = languages.map((l) => ({
    key: l.code,
    label: <span data-lang={l.code}>{l.label}</span>,
  }));

  return (
    <Dropdown
      menu={{
        items,
        selectedKeys: [current],
        onClick: ({ key }) => key !== current && setLocale(key),
      }}
      placement="bottomRight"
    >
      <span
        className="venue-header-action"
        title={formatMessage({ id: 'header.language' })}
        data-testid="lang-switch"
      >
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
};

export default SelectLang;
