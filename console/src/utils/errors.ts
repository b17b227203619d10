import { formatMessage } from './intl';
import { RequestError } from './request';

/** Text of a failed call for in-place display (login, forms): the server msg first. */
export function errorText(error: unknown): string {
  if (error instanceof RequestError) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      return formatMessage({ id: 'request.error.noResponse' });
    }
    if (error.message && !error.message.startsWith('request.')) return error.message;
  }
  return formatMessage({ id: 'request.error.failed' });
}
