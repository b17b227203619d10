import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, messageLoaders, normalizeLocale, toServerLocale } from '@/locales';

const EXPECTED = [
  'en-US',
  'zh-CN',
  'ja-JP',
  'fr-FR',
  'de-DE',
  'es-ES',
  'it-IT',
  'pt-BR',
  'ru-RU',
  'tr-TR',
  'ar-EG',
  'he-IL',
  'id-ID',
  'ko-KR',
  'th-TH',
  'vi-VN',
];

/** Values that are the same in every language (brand name and format-only strings). */
const UNTRANSLATED_OK = new Set(['app.title', 'app.copyright', 'common.ok']);

const load = async () =>
  Object.fromEntries(
    await Promise.all(
      EXPECTED.map(async (code) => [code, (await messageLoaders[code]()).default] as const),
    ),
  ) as Record<string, Record<string, string>>;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === '.umi' || name === '.umi-production' || name === 'locales') return [];
    if (/\.test\.tsx?$/.test(name)) return []; // ids a unit test makes up are no messages
    return statSync(full).isDirectory()
      ? sourceFiles(full)
      : /\.(ts|tsx)$/.test(name)
        ? [full]
        : [];
  });
}

// Loading the 16 languages with every area's messages is slow on a busy machine.
describe('locales', { timeout: 60_000 }, () => {
  it('has the 16 languages of the spec, one file each', () => {
    expect(LOCALES.map((l) => l.code)).toEqual(EXPECTED);
    expect(Object.keys(messageLoaders).sort()).toEqual([...EXPECTED].sort());
    const files = readdirSync(path.resolve(__dirname, '../src/locales')).filter((f) =>
      /^[a-z]{2}-[A-Z]{2}\.ts$/.test(f),
    );
    expect(files.map((f) => f.replace('.ts', '')).sort()).toEqual([...EXPECTED].sort());
  });

  it('every file has exactly the keys of en-US, with the same placeholders', async () => {
    const all = await load();
    const reference = all['en-US'];
    const keys = Object.keys(reference).sort();
    for (const code of EXPECTED) {
      const messages = all[code];
      const missing = keys.filter((k) => !(k in messages));
      const extra = Object.keys(messages).filter((k) => !(k in reference));
      expect({ code, missing, extra }).toEqual({ code, missing: [], extra: [] });
      for (const key of keys) {
        expect(
          typeof messages[key] === 'string' && messages[key].trim() !== '',
          `${code} ${key} is empty`,
        ).toBe(true);
        expect(placeholders(messages[key]), `${code} ${key} placeholders`).toEqual(
          placeholders(reference[key]),
        );
      }
    }
  });

  it('other languages are translated, not copies of English', async () => {
    const all = await load();
    const reference = all['en-US'];
    const keys = Object.keys(reference).filter((k) => !UNTRANSLATED_OK.has(k));
    for (const code of EXPECTED.filter((c) => c !== 'en-US')) {
      const same = keys.filter((k) => all[code][k] === reference[k]);
      // a few words are legitimately the same (e.g. "Menus" in some languages)
      expect(
        same.length / keys.length,
        `${code} untranslated: ${same.slice(0, 10).join(', ')}`,
      ).toBeLessThan(0.08);
    }
  });

  it('defines every message id the source uses', async () => {
    const reference = (await messageLoaders['en-US']()).default;
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve(__dirname, '../src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?:\bt|formatMessage)\(\s*(?:\{\s*id:\s*)?'([a-zA-Z0-9_.]+)'/g,
      ))
        used.add(m[1]);
      for (const m of text.matchAll(/'((?:request|tabs|upload|error)\.[a-zA-Z0-9_.]+)'/g))
        used.add(m[1]);
    }
    const routes = readFileSync(path.resolve(__dirname, '../config/routes.ts'), 'utf8');
    for (const m of routes.matchAll(/name: '([a-zA-Z0-9_.]+)'/g)) used.add(m[1]);
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((id) => !(id in reference))).toEqual([]);
  });

  it('names every menu key of the spec route table', async () => {
    const reference = (await messageLoaders['en-US']()).default;
    const menuKeys = [
      'menu.sys',
      'menu.sys.user',
      'menu.sys.role',
      'menu.sys.menu',
      'menu.sys.api',
      'menu.sys.organization',
      'menu.sys.area',
      'menu.sys.dict',
      'menu.sys.log',
      'menu.process',
      'menu.process.form',
      'menu.process.model',
      'menu.process.definition',
      'menu.process.instance',
      'menu.process.task',
      'menu.process.user.tasks',
      'menu.process.user.processInstances',
      'menu.cuisine',
      'menu.cuisine.category',
      'menu.cuisine.manage',
      'menu.cuisine.promotion',
      'menu.cuisine.orderDetail',
      'menu.cuisine.order',
      'menu.advert',
      'menu.advert.release',
      'menu.configure',
      'menu.configure.orderQrCode',
      'menu.shop.setting',
      'menu.configure.settingprinter',
      'menu.configure.button',
      'menu.auto',
      'menu.auto.completeList',
      'menu.report',
    ];
    expect(menuKeys.filter((k) => !(k in reference))).toEqual([]);
  });

  it('maps server and cookie spellings to supported locales', () => {
    expect(normalizeLocale('en_US')).toBe('en-US');
    expect(normalizeLocale('Ar')).toBe('ar-EG');
    expect(normalizeLocale('ja')).toBe('ja-JP');
    expect(normalizeLocale('he_IL')).toBe('he-IL');
    expect(normalizeLocale('pt_PT')).toBe('pt-BR');
    expect(normalizeLocale('xx')).toBeUndefined();
    expect(toServerLocale('zh-CN')).toBe('zh_CN');
  });

  it('marks Arabic and Hebrew right-to-left', () => {
    expect(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['ar-EG', 'he-IL']);
  });
});
