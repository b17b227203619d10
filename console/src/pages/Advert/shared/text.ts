import { formatMessage, type Values } from '@/utils/intl';

/** Message of the active language (keys in src/locales/areas/advert/<code>.ts). */
export const t = (id: string, values?: Values): string => formatMessage({ id }, values);

/** Seconds in words: "25 s", "1 min 5 s". */
export const seconds = (s: number): string =>
  s >= 60
    ? s % 60
      ? t('advert.duration.minSec', { min: Math.floor(s / 60), sec: s % 60 })
      : t('advert.duration.min', { min: s / 60 })
    : t('advert.duration.sec', { sec: s });
