import { formatMessage, type Values } from '@/utils/intl';

/** Message of the report pages (keys in src/locales/areas/report). */
export const t = (id: string, values?: Values): string => formatMessage({ id }, values);
