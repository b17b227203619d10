import { formatMessage, type Values } from '@/utils/intl';

/** Message of the sys pages (keys in src/locales/areas/sys). */
export const t = (id: string, values?: Values): string => formatMessage({ id }, values);

/** Label of an operation key (add, delete, edit, query, get, enable, disable, import, export). */
export const actionLabel = (action: string): string =>
  formatMessage({ id: `sys.action.${action}`, defaultMessage: action });
