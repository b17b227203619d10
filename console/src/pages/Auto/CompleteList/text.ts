import { formatMessage, type Values } from '@/utils/intl';

/** Message of the active language (keys in src/locales/areas/codegen/<code>.ts). */
export const t = (id: string, values?: Values): string => formatMessage({ id }, values);
