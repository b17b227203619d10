/**
 * The 16 languages of the console. Each has one message file beside this one
 * (`<code>.ts`, flat keys, identical key sets: tests/locales.test.ts checks it).
 * Only the active language is downloaded: every file is its own chunk.
 */
export type Messages = Record<string, string>;

export interface LocaleInfo {
  /** dash form, the file name and the value of the `language` cookie */
  code: string;
  /** the language's own name, used when the server list is unavailable */
  label: string;
  dir: 'ltr' | 'rtl';
}

export const DEFAULT_LOCALE = 'en-US';

export const LOCALES: LocaleInfo[] = [
  { code: 'en-US', label: 'English', dir: 'ltr' },
  { code: 'zh-CN', label: '简体中文', dir: 'ltr' },
  { code: 'ja-JP', label: '日本語', dir: 'ltr' },
  { code: 'fr-FR', label: 'Français', dir: 'ltr' },
  { code: 'de-DE', label: 'Deutsch', dir: 'ltr' },
  { code: 'es-ES', label: 'Español', dir: 'ltr' },
  { code: 'it-IT', label: 'Italiano', dir: 'ltr' },
  { code: 'pt-BR', label: 'Português', dir: 'ltr' },
  { code: 'ru-RU', label: 'Русский', dir: 'ltr' },
  { code: 'tr-TR', label: 'Türkçe', dir: 'ltr' },
  { code: 'ar-EG', label: 'العربية', dir: 'rtl' },
  { code: 'he-IL', label: 'עברית', dir: 'rtl' },
  { code: 'id-ID', label: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'ko-KR', label: '한국어', dir: 'ltr' },
  { code: 'th-TH', label: 'ไทย', dir: 'ltr' },
  { code: 'vi-VN', label: 'Tiếng Việt', dir: 'ltr' },
];

/**
 * Maps any spelling the server or an old cookie may use (en_US, en-us, Ar, ja, pt_PT)
 * to one of LOCALES, or undefined. The language part decides, like the server does.
 */
export function normalizeLocale(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const cleaned = raw.trim().replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.code.toLowerCase() === cleaned);
  if (exact) return exact.code;
  const lang = cleaned.split('-')[0];
  return LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === lang)?.code;
}

/** `en-US` -> `en_US`, the form the server expects in `currentLocale`. */
export const toServerLocale = (code: string): string => code.replace('-', '_');

export const localeDir = (code: string): 'ltr' | 'rtl' =>
  LOCALES.find((l) => l.code === code)?.dir ?? 'ltr';

type Loader<T> = () => Promise<{ default: T }>;

/**
 * Messages of the business areas live in `areas/<area>/<code>.ts`, so that each
 * area's pages keep their strings beside the others without touching the shell's
 * files. A language loads its shell file and its area files, each a small chunk.
 */
export const AREAS = [
  'sys',
  'process',
  'cuisine',
  'advert',
  'codegen',
  'shop',
  'configure',
  'order',
  'printing',
  'ui',
  'report',
  'onboarding',
] as const;

/** One area's messages in one language (its own small chunk). */
export const loadArea = (area: string, code: string): Promise<{ default: Messages }> =>
  import(/* webpackChunkName: "locale-area-[request]" */ `./areas/${area}/${code}`);

/* Static import() calls so that webpack emits one small chunk per language. */
export const shellLoaders: Record<string, Loader<Messages>> = {
  'en-US': () => import(/* webpackChunkName: "locale-en-US" */ './en-US'),
  'zh-CN': () => import(/* webpackChunkName: "locale-zh-CN" */ './zh-CN'),
  'ja-JP': () => import(/* webpackChunkName: "locale-ja-JP" */ './ja-JP'),
  'fr-FR': () => import(/* webpackChunkName: "locale-fr-FR" */ './fr-FR'),
  'de-DE': () => import(/* webpackChunkName: "locale-de-DE" */ './de-DE'),
  'es-ES': () => import(/* webpackChunkName: "locale-es-ES" */ './es-ES'),
  'it-IT': () => import(/* webpackChunkName: "locale-it-IT" */ './it-IT'),
  'pt-BR': () => import(/* webpackChunkName: "locale-pt-BR" */ './pt-BR'),
  'ru-RU': () => import(/* webpackChunkName: "locale-ru-RU" */ './ru-RU'),
  'tr-TR': () => import(/* webpackChunkName: "locale-tr-TR" */ './tr-TR'),
  'ar-EG': () => import(/* webpackChunkName: "locale-ar-EG" */ './ar-EG'),
  'he-IL': () => import(/* webpackChunkName: "locale-he-IL" */ './he-IL'),
  'id-ID': () => import(/* webpackChunkName: "locale-id-ID" */ './id-ID'),
  'ko-KR': () => import(/* webpackChunkName: "locale-ko-KR" */ './ko-KR'),
  'th-TH': () => import(/* webpackChunkName: "locale-th-TH" */ './th-TH'),
  'vi-VN': () => import(/* webpackChunkName: "locale-vi-VN" */ './vi-VN'),
};

/**
 * Each language's messages: the shell's file merged with every area's file. The console
 * itself loads the shell's file first and the areas' files only with the layout (or a page
 * before login that needs one, see useAreaMessages), so the login page never downloads them.
 */
export const messageLoaders: Record<string, Loader<Messages>> = Object.fromEntries(
  Object.entries(shellLoaders).map(([code, load]) => [
    code,
    async () => {
      const parts = await Promise.all([load(), ...AREAS.map((area) => loadArea(area, code))]);
      return { default: Object.assign({}, ...parts.map((p) => p.default)) as Messages };
    },
  ]),
);
