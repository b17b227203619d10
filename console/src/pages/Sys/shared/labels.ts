/** The language tags a dictionary entry may carry a label for (the 16 console languages). */
export const LABEL_LANGUAGES = [
  'en',
  'zh',
  'ja',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'tr',
  'ar',
  'he',
  'id',
  'ko',
  'th',
  'vi',
] as const;

/** The labels JSON of an entry as a map; anything unreadable is no labels. */
export function parseLabels(json: string | null | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter(([, s]) => typeof s === 'string' && s !== ''),
    ) as Record<string, string>;
  } catch {
    return {};
  }
}

/** The labels a form sends: trimmed, empty ones left out, only known language tags. */
export function cleanLabels(values: Record<string, string | undefined> | undefined) {
  const out: Record<string, string> = {};
  LABEL_LANGUAGES.forEach((tag) => {
    const v = values?.[tag]?.trim();
    if (v) out[tag] = v;
  });
  return out;
}
