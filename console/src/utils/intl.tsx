import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import React, { useEffect, useState } from 'react';
import {
  AREAS,
  DEFAULT_LOCALE,
  loadArea,
  localeDir,
  normalizeLocale,
  shellLoaders,
  type Messages,
} from '@/locales';
import { getCookie, setCookie } from './cookie';

/**
 * The console's i18n runtime. The language is chosen once per page load (changing it
 * reloads, spec section 2), so the active messages live in module state and the
 * helpers below need no React context.
 */
export const LANGUAGE_COOKIE = 'language';
const LOCAL_KEY = 'umi_locale';
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const antdLoaders: Record<string, () => Promise<{ default: AntdLocale }>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'ja-JP': () => import('antd/es/locale/ja_JP'),
  'fr-FR': () => import('antd/es/locale/fr_FR'),
  'de-DE': () => import('antd/es/locale/de_DE'),
  'es-ES': () => import('antd/es/locale/es_ES'),
  'it-IT': () => import('antd/es/locale/it_IT'),
  'pt-BR': () => import('antd/es/locale/pt_BR'),
  'ru-RU': () => import('antd/es/locale/ru_RU'),
  'tr-TR': () => import('antd/es/locale/tr_TR'),
  'ar-EG': () => import('antd/es/locale/ar_EG'),
  'he-IL': () => import('antd/es/locale/he_IL'),
  'id-ID': () => import('antd/es/locale/id_ID'),
  'ko-KR': () => import('antd/es/locale/ko_KR'),
  'th-TH': () => import('antd/es/locale/th_TH'),
  'vi-VN': () => import('antd/es/locale/vi_VN'),
};

const dayjsLoaders: Record<string, [string, () => Promise<unknown>]> = {
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn')],
  'ja-JP': ['ja', () => import('dayjs/locale/ja')],
  'fr-FR': ['fr', () => import('dayjs/locale/fr')],
  'de-DE': ['de', () => import('dayjs/locale/de')],
  'es-ES': ['es', () => import('dayjs/locale/es')],
  'it-IT': ['it', () => import('dayjs/locale/it')],
  'pt-BR': ['pt-br', () => import('dayjs/locale/pt-br')],
  'ru-RU': ['ru', () => import('dayjs/locale/ru')],
  'tr-TR': ['tr', () => import('dayjs/locale/tr')],
  'ar-EG': ['ar', () => import('dayjs/locale/ar')],
  'he-IL': ['he', () => import('dayjs/locale/he')],
  'id-ID': ['id', () => import('dayjs/locale/id')],
  'ko-KR': ['ko', () => import('dayjs/locale/ko')],
  'th-TH': ['th', () => import('dayjs/locale/th')],
  'vi-VN': ['vi', () => import('dayjs/locale/vi')],
};

interface ActiveLocale {
  locale: string;
  messages: Messages;
  antd?: AntdLocale;
  dayjs: string;
}

let active: ActiveLocale = { locale: DEFAULT_LOCALE, messages: {}, dayjs: 'en' };
/** Messages of the business areas loaded so far (see loadAreaMessages). */
let areaMessages: Messages = {};
let areaLocale = '';
let areaLoads = new Map<string, Promise<void>>();
let loadedAreas = new Set<string>();

/** (Re)applies the user's dayjs locale globally; libraries may have changed it. */
export function applyDayjsLocale(): void {
  dayjs.locale(active.dayjs);
}

/** The language chosen by the user: `language` cookie, then umi_locale, then en-US. */
export function getLocale(): string {
  if (typeof window === 'undefined') return DEFAULT_LOCALE;
  return (
    normalizeLocale(getCookie(LANGUAGE_COOKIE)) ||
    normalizeLocale(window.localStorage.getItem(LOCAL_KEY)) ||
    DEFAULT_LOCALE
  );
}

/** Stores the choice and reloads the page (spec section 2: the selector reloads). */
export function setLocale(code: string, reload = true): void {
  const locale = normalizeLocale(code) || DEFAULT_LOCALE;
  setCookie(LANGUAGE_COOKIE, locale, 365);
  window.localStorage.setItem(LOCAL_KEY, locale);
  if (reload) window.location.reload();
}

/**
 * Loads the shell's messages, antd and dayjs locales of `code`; applies lang and dir to
 * <html>. The business areas' messages come later, with the layout (loadAreaMessages).
 */
export async function loadLocale(code: string): Promise<void> {
  const locale = normalizeLocale(code) || DEFAULT_LOCALE;
  const [messages, antd] = await Promise.all([
    shellLoaders[locale]().then((m) => m.default),
    antdLoaders[locale]?.().then((m) => m.default),
    dayjsLoaders[locale]?.[1](),
  ]);
  active = { locale, messages, antd, dayjs: dayjsLoaders[locale]?.[0] ?? 'en' };
  applyDayjsLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = localeDir(locale);
}

/**
 * Loads the messages of business areas in the user's language (all of them by default).
 * The layout waits for them before it renders; the login page never asks for them, so
 * they are not part of what a logged-out visitor downloads.
 */
export function loadAreaMessages(
  areas: readonly string[] = AREAS,
  language?: string,
): Promise<void> {
  const locale = normalizeLocale(language) || getLocale();
  if (locale !== areaLocale) {
    // Another language (a guest page speaks the guest's, not the cookie's): start over.
    areaMessages = {};
    areaLoads = new Map();
    loadedAreas = new Set();
    areaLocale = locale;
  }
  const messages = areaMessages;
  return Promise.all(
    areas.map((area) => {
      let load = areaLoads.get(area);
      if (!load) {
        load = loadArea(area, locale)
          .catch(() => loadArea(area, DEFAULT_LOCALE))
          .then((m) => {
            if (messages !== areaMessages) return; // the language changed meanwhile
            Object.assign(messages, m.default);
            loadedAreas.add(area);
          })
          .catch(() => {
            if (messages === areaMessages) areaLoads.delete(area); // a later mount tries again
          });
        areaLoads.set(area, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** True once the areas' messages are loaded (or failed: keys then show as themselves). */
export function useAreaMessages(areas: readonly string[] = AREAS): boolean {
  const [ready, setReady] = useState(() => areas.every((a) => loadedAreas.has(a)));
  const key = areas.join(',');
  useEffect(() => {
    if (ready) return undefined;
    let live = true;
    loadAreaMessages(key.split(',')).finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [key, ready]);
  return ready;
}

export const activeLocale = (): ActiveLocale => active;
export const isRtl = (): boolean => localeDir(active.locale) === 'rtl';

export type Values = Record<string, string | number | undefined>;

export function interpolate(template: string, values?: Values): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    values[key] === undefined ? match : String(values[key]),
  );
}

export interface MessageDescriptor {
  id: string;
  defaultMessage?: string;
}

export const hasMessage = (id: string): boolean => id in active.messages || id in areaMessages;

/** Title of a menu or route: its locale key when known, else the server's title. */
export function menuTitle(node: { name?: string; title?: string; path?: string }): string {
  if (node.name && hasMessage(node.name)) return formatMessage({ id: node.name });
  return node.title || node.name || node.path || '';
}

export function formatMessage(descriptor: MessageDescriptor | string, values?: Values): string {
  const { id, defaultMessage } =
    typeof descriptor === 'string' ? { id: descriptor, defaultMessage: undefined } : descriptor;
  const template = active.messages[id] ?? areaMessages[id] ?? defaultMessage ?? id;
  return interpolate(template, values);
}

/** Thousands grouping in the active language (spec section 9). */
export function formatNumber(value: number | string | null | undefined, digits?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const num = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(num)) return String(value);
  // Latin digits everywhere (also in Arabic and Thai) so that figures read alike.
  return new Intl.NumberFormat(active.locale, {
    numberingSystem: 'latn',
    useGrouping: true,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits ?? 2,
  }).format(num);
}

export function formatDate(value: dayjs.ConfigType, format = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value).locale(active.dayjs);
  return d.isValid() ? d.format(format) : String(value);
}

const intl = {
  get locale() {
    return active.locale;
  },
  formatMessage,
  formatNumber,
  formatDate,
};

export type Intl = typeof intl;

/** Same shape as umi's useIntl() for the calls the console makes. */
export const useIntl = (): Intl => intl;
export const getIntl = (): Intl => intl;

export const FormattedMessage: React.FC<MessageDescriptor & { values?: Values }> = ({
  id,
  defaultMessage,
  values,
}) => <>{formatMessage({ id, defaultMessage }, values)}</>;
