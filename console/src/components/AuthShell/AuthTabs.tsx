import { theme } from 'antd';
import React from 'react';

export interface AuthTab {
  key: string;
  label: string;
}

/**
 * The two-way switch of the login page (account / mobile). antd's Tabs would bring its
 * overflow menu (rc-tabs, rc-menu, rc-overflow: some 25 KB gzipped) into the bundle a
 * logged-out visitor downloads, for two labels that always fit.
 */
const AuthTabs: React.FC<{
  items: AuthTab[];
  activeKey: string;
  onChange: (key: string) => void;
}> = ({ items, activeKey, onChange }) => {
  const { token } = theme.useToken();
  const move = (event: React.KeyboardEvent, from: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = items[(from + step + items.length) % items.length];
    onChange(next.key);
    const buttons = event.currentTarget.parentElement?.querySelectorAll('button');
    buttons?.[items.indexOf(next)]?.focus();
  };
  return (
    <div className="venue-auth-tabs" role="tablist" style={{ borderColor: token.colorSplit }}>
      {items.map((item, i) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'venue-auth-tab is-active' : 'venue-auth-tab'}
            style={{
              color: active ? token.colorPrimary : token.colorText,
              borderColor: active ? token.colorPrimary : 'transparent',
            }}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
};

export default AuthTabs;
