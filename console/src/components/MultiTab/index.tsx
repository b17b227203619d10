import { Dropdown, Tabs } from 'antd';
import type { MenuProps } from 'antd';
import React from 'react';
import { formatMessage } from '@/utils/intl';

export type TabCommand = 'close' | 'closeRight' | 'closeLeft' | 'closeAll';

interface MultiTabProps {
  tabs: { key: string; title: string }[];
  active: string;
  onSelect: (key: string) => void;
  onCommand: (command: TabCommand, key: string) => void;
}

/** Open pages as tabs; the right-click menu closes current, right, left or all. */
const MultiTab: React.FC<MultiTabProps> = ({ tabs, active, onSelect, onCommand }) => {
  const menu = (key: string): MenuProps => ({
    items: [
      { key: 'close', label: formatMessage({ id: 'tabs.closeCurrent' }) },
      { key: 'closeRight', label: formatMessage({ id: 'tabs.closeRight' }) },
      { key: 'closeLeft', label: formatMessage({ id: 'tabs.closeLeft' }) },
      { key: 'closeAll', label: formatMessage({ id: 'tabs.closeAll' }) },
    ],
    onClick: ({ key: command, domEvent }) => {
      domEvent.stopPropagation();
      onCommand(command as TabCommand, key);
    },
  });

  return (
    <Tabs
      className="venue-multitab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={onSelect}
      onEdit={(key, action) => action === 'remove' && onCommand('close', String(key))}
      items={tabs.map((tab) => ({
        key: tab.key,
        closable: true,
        label: (
          <Dropdown menu={menu(tab.key)} trigger={['contextMenu']}>
            <span className="venue-tab-label" data-tab={tab.key}>
              {tab.title}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
};

export default MultiTab;
