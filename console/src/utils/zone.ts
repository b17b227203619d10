/**
 * Times in the venue's time zone, not the browser's: a manager abroad, or a phone set to another
 * zone, still reads an order placed at 19:30 in the venue as 19:30.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMAT, formatDate } from '@/utils/intl';
import { staffZone } from '@/utils/staffZone';

dayjs.extend(utc);
dayjs.extend(timezone);

/** value in zone (an IANA name), else in the staff zone, else as the browser reads it. */
export function formatInZone(value: dayjs.ConfigType, zone?: string, format = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const z = zone || staffZone();
  const d = dayjs(value);
  if (!z || !d.isValid()) return formatDate(value, format);
  try {
    return d.tz(z).format(format);
  } catch {
    return formatDate(value, format); // an unknown zone name
  }
}

/** value in the user's venue's zone (staff pages: inbox, tasks, timelines). */
export const formatStaffTime = (value: dayjs.ConfigType, format = DATE_FORMAT): string => formatInZone(value, undefined, format);
