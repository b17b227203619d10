import { useSyncExternalStore } from 'react';

/** Layout settings of the drawer, kept in localStorage (spec sections 2 and 9). */
export type NavTheme = 'light' | 'dark' | 'realDark';

export interface LayoutSettings {
  layout: 'side' | 'top' | 'mix';
  /** dark: dark menu over a light page; realDark: everything dark */
  theme: NavTheme;
  primaryColor: string;
  fixedHeader: boolean;
  fixSiderbar: boolean;
  contentWidth: 'Fluid' | 'Fixed';
  autoHideHeader: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

/** The default blue first, then the seven colours of spec section 9. */
export const PRIMARY_COLORS = [
  { key: 'daybreak', color: '#1677FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
];

export const DEFAULT_SETTINGS: LayoutSettings = {
  layout: 'side',
  theme: 'dark',
  primaryColor: '#1677FF',
  fixedHeader: true,
  fixSiderbar: true,
  contentWidth: 'Fluid',
  autoHideHeader: false,
  colorWeak: false,
  multiTab: true,
};

export const SETTINGS_KEY = 'venue.settings';

/** Accepts only known keys with values of the right type; anything else keeps the default. */
export function sanitizeSettings(raw: unknown): LayoutSettings {
  const result: LayoutSettings = { ...DEFAULT_SETTINGS };
  if (!raw || typeof raw !== 'object') return result;
  const input = raw as Record<string, unknown>;
  const pick = <K extends keyof LayoutSettings>(key: K, ok: (v: unknown) => boolean) => {
    if (ok(input[key])) result[key] = input[key] as LayoutSettings[K];
  };
  const oneOf = (values: unknown[]) => (v: unknown) => values.includes(v);
  const bool = (v: unknown) => typeof v === 'boolean';
  pick('layout', oneOf(['side', 'top', 'mix']));
  pick('theme', oneOf(['light', 'dark', 'realDark']));
  pick('primaryColor', (v) => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v));
  pick('fixedHeader', bool);
  pick('fixSiderbar', bool);
  pick('contentWidth', oneOf(['Fluid', 'Fixed']));
  pick('autoHideHeader', bool);
  pick('colorWeak', bool);
  pick('multiTab', bool);
  return result;
}

function read(): LayoutSettings {
  try {
    return sanitizeSettings(JSON.parse(window.localStorage.getItem(SETTINGS_KEY) || 'null'));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

let current: LayoutSettings | undefined;
const listeners = new Set<() => void>();

export function getSettings(): LayoutSettings {
  if (!current) current = typeof window === 'undefined' ? { ...DEFAULT_SETTINGS } : read();
  return current;
}

export function updateSettings(patch: Partial<LayoutSettings>): void {
  current = sanitizeSettings({ ...getSettings(), ...patch });
  window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(current));
  for (const l of listeners) l();
}

export function resetSettings(): void {
  window.localStorage.removeItem(SETTINGS_KEY);
  current = { ...DEFAULT_SETTINGS };
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSettings = (): LayoutSettings =>
  useSyncExternalStore(subscribe, getSettings, getSettings);
