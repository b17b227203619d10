import React from 'react';
import * as Icons from './icons';

/** The icons of ./icons by name. */
const ICONS: Record<string, React.ComponentType> = Icons;

/** Accepts `SettingOutlined`, `setting` or `setting-outlined`. */
export function menuIcon(name?: string): React.ReactNode {
  if (!name) return undefined;
  const pascal = name
    .split(/[-_\s]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
  const Icon = ICONS[pascal] ?? ICONS[`${pascal}Outlined`];
  return Icon ? <Icon /> : undefined;
}
