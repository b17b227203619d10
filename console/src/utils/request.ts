import { history } from '@umijs/max';
import { toServerLocale } from '@/locales';
import { feedback } from './feedback';
import { formatMessage, getLocale } from './intl';
import { clearSession, isPublicPath, loginPathWithRedirect } from './session';
import { getToken } from './token';

/**
 * The console's one request layer (spec sections 7 and 8): base /api, 30 s time-out,
 * Authorization + currentLocale headers except on login calls, the {code,msg,result}
 * envelope and the error catalogue. resolveError() is the pure part, unit-tested.
 */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT = 30_000;
export const SUCCESS_CODES = [10000, 0];

/** Login calls carry neither Authorization nor currentLocale (spec section 7). */
export const LOGIN_PATHS = ['/sys/loginjwt', '/sys/loginMobileJwt', '/sys/loginMobileMcc'];

export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  result: T;
  fields?: Record<string, string>;
}

export type RequestErrorKind = 'http' | 'business' | 'network' | 'timeout';

export class RequestError extends Error {
  kind: RequestErrorKind;
  status?: number;
  code?: number;
  fields?: Record<string, string>;
  /** the envelope's result on a refusal (e.g. a model's issues on a refused deploy) */
  result?: unknown;
  handled = false;

  constructor(
    kind: RequestErrorKind,
    message: string,
    extra: {
      status?: number;
      code?: number;
      fields?: Record<string, string>;
      result?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    Object.assign(this, extra);
  }
}

export type ErrorAction =
  | { type: 'none' }
  | { type: 'message'; text: string }
  | { type: 'logout'; text: string }
  | { type: 'redirect'; path: '/403' | '/404' | '/500' }
  | { type: 'changePassword'; text: string };

/** The server's answer while a user must replace a password an administrator set. */
export const CODE_MUST_CHANGE_PASSWORD = 10107;

/**
 * What the shell does with a failed call (spec section 8):
 * 401 -> notification + logout; 403 -> /403; 404..421 -> /404; 500..504 -> /500;
 * no answer -> 'server does not respond'; a business code other than 10000/0 -> its msg,
 * unless the caller set skipErrorHandler (the "check header"). 401 is never skipped.
 */
export function resolveError(
  error: Pick<RequestError, 'kind' | 'status' | 'message'> & { code?: number },
  skipErrorHandler = false,
  inline = false,
): ErrorAction {
  const { kind, status } = error;
  if (kind === 'business' && error.code === CODE_MUST_CHANGE_PASSWORD) {
    return { type: 'changePassword', text: error.message };
  }
  const text = error.message;
  if (kind === 'network' || kind === 'timeout') {
    return skipErrorHandler || inline
      ? { type: 'none' }
      : { type: 'message', text: 'request.error.noResponse' };
  }
  if (kind === 'http' && status === 401) {
    return { type: 'logout', text: text || 'request.error.unauthorized' };
  }
  if (skipErrorHandler) return { type: 'none' };
  // a list shows a failed load in place, with a retry (no exception page)
  if (inline && kind === 'http' && status !== undefined && status >= 404 && status <= 504) {
    return { type: 'none' };
  }
  if (kind === 'http' && status !== undefined) {
    if (status === 403) return { type: 'redirect', path: '/403' };
    if (status >= 404 && status <= 421) return { type: 'redirect', path: '/404' };
    if (status >= 500 && status <= 504) return { type: 'redirect', path: '/500' };
    return { type: 'message', text: text || 'request.error.failed' };
  }
  return { type: 'message', text: text || 'request.error.failed' };
}

/** Message keys look like `request.error.x`; server messages are already localized. */
const show = (text: string) => (text.startsWith('request.') ? formatMessage({ id: text }) : text);

let loggingOut = false;

export function applyErrorAction(action: ErrorAction): void {
  switch (action.type) {
    case 'message':
      feedback.error(show(action.text));
      break;
    case 'logout': {
      if (loggingOut) return;
      loggingOut = true;
      setTimeout(() => {
        loggingOut = false;
      }, 1000);
      feedback.notifyError(formatMessage({ id: 'request.error.sessionEnded' }), show(action.text));
      clearSession();
      const { pathname, search } = window.location;
      if (!isPublicPath(pathname)) history.replace(loginPathWithRedirect(pathname + search));
      break;
    }
    case 'redirect':
      if (window.location.pathname !== action.path) history.push(action.path);
      break;
    case 'changePassword':
      if (window.location.pathname !== '/account/password') {
        feedback.error(show(action.text));
        history.push('/account/password');
      }
      break;
    default:
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** JSON body */
  data?: unknown;
  /** form-urlencoded body */
  form?: Record<string, string | number | undefined>;
  /** multipart body */
  body?: FormData;
  params?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /** Business errors are not shown (the caller shows them in place); 401 still logs out. */
  skipErrorHandler?: boolean;
  timeout?: number;
}

export function buildUrl(url: string, params?: RequestOptions['params']): string {
  const full = /^https?:\/\//.test(url) || url.startsWith(API_BASE) ? url : `${API_BASE}${url}`;
  if (!params) return full;
  const query = new URLSearchParams();
  Object.entries(params).forEach(([key, value]) => {
    if (value !== undefined && value !== null && value !== '') query.append(key, String(value));
  });
  const qs = query.toString();
  return qs ? `${full}${full.includes('?') ? '&' : '?'}${qs}` : full;
}

/** Headers every non-login call carries; also used by antd <Upload>. */
export function authHeaders(url = ''): Record<string, string> {
  const path = url.replace(API_BASE, '').split('?')[0];
  if (LOGIN_PATHS.includes(path)) return {};
  const headers: Record<string, string> = { currentLocale: toServerLocale(getLocale()) };
  const token = getToken();
  if (token) headers.Authorization = token;
  return headers;
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const {
    method = 'GET',
    data,
    form,
    body,
    params,
    headers = {},
    timeout = REQUEST_TIMEOUT,
  } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  const init: RequestInit = {
    method,
    headers: { Accept: 'application/json', ...authHeaders(url), ...headers },
    signal: controller.signal,
    credentials: 'same-origin',
  };
  if (form) {
    const encoded = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) if (v !== undefined) encoded.append(k, String(v));
    init.body = encoded;
  } else if (body) {
    init.body = body;
  } else if (data !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data);
  }
  try {
    return await fetch(buildUrl(url, params), init);
  } catch {
    const kind = controller.signal.aborted ? 'timeout' : 'network';
    throw new RequestError(kind, '');
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    return (await response.json()) as Envelope;
  } catch {
    return undefined;
  }
}

let inlineNext = false;

/**
 * Runs `fn`; the requests it starts synchronously (a list's `request` calling a service) leave
 * server failures (HTTP 404-504) and network failures to the caller, which shows them in the
 * page with a retry (components/Responsive ListError) instead of the exception pages.
 * 401 still logs out, 403 still shows /403, business errors still show their message.
 */
export function withInlineErrors<T>(fn: () => T): T {
  const before = inlineNext;
  inlineNext = true;
  try {
    return fn();
  } finally {
    inlineNext = before;
  }
}

function fail(error: RequestError, options: RequestOptions & { inline?: boolean }): never {
  applyErrorAction(resolveError(error, options.skipErrorHandler, options.inline));
  error.handled = true;
  throw error;
}

/** Calls the API and answers `result` of the envelope; throws RequestError otherwise. */
export async function request<T = unknown>(url: string, requestOptions: RequestOptions = {}): Promise<T> {
  // read before the first await: set only while withInlineErrors runs its function
  const options = inlineNext ? { ...requestOptions, inline: true } : requestOptions;
  let response: Response;
  try {
    response = await send(url, options);
  } catch (e) {
    return fail(e as RequestError, options);
  }
  const envelope = await readEnvelope(response);
  if (!response.ok) {
    return fail(
      new RequestError('http', envelope?.msg ?? '', {
        status: response.status,
        code: envelope?.code,
        fields: envelope?.fields,
      }),
      options,
    );
  }
  if (!envelope || typeof envelope.code !== 'number') {
    return fail(new RequestError('business', ''), options);
  }
  if (!SUCCESS_CODES.includes(envelope.code)) {
    return fail(
      new RequestError('business', envelope.msg ?? '', {
        status: response.status,
        code: envelope.code,
        fields: envelope.fields,
        result: envelope.result,
      }),
      options,
    );
  }
  return envelope.result as T;
}

/** File name from Content-Disposition (RFC 5987 filename* first), else undefined. */
export function filenameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:[\w-]+'[^']*')?("?)([^";]+)\1/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2]);
    } catch {
      return star[2];
    }
  }
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(header);
  return plain ? plain[2].trim() : undefined;
}

const EXTENSIONS: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.ms-excel': '.xls',
  'application/zip': '.zip',
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'text/csv': '.csv',
};

/** A generated name when the server sends none: time-based id plus the type's extension. */
export function generatedFilename(contentType: string | null): string {
  const type = (contentType || '').split(';')[0].trim();
  return `${Date.now()}${Math.random().toString(36).slice(2, 8)}${EXTENSIONS[type] ?? ''}`;
}

/**
 * Downloads a file (spreadsheet, octet-stream, image) and saves it; a JSON body is an
 * error envelope and its msg is shown instead.
 */
export async function download(
  url: string,
  options: RequestOptions = {},
): Promise<string | undefined> {
  let response: Response;
  try {
    response = await send(url, options);
  } catch (e) {
    return fail(e as RequestError, options);
  }
  const type = response.headers.get('Content-Type');
  if (!response.ok || type?.includes('application/json')) {
    const envelope = await readEnvelope(response);
    const kind = response.ok ? 'business' : 'http';
    const error = new RequestError(kind, envelope?.msg ?? '', {
      status: response.status,
      code: envelope?.code,
    });
    // A JSON answer to a download is always an error, even with code 10000.
    if (response.ok && !error.message) error.message = 'request.error.failed';
    return fail(error, options);
  }
  const blob = await response.blob();
  const name =
    filenameFromDisposition(response.headers.get('Content-Disposition')) || generatedFilename(type);
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
