/**
 * Typed calls of the venue's equipment (modules/configure/README.md): tables and their
 * ordering QR codes, tablet buttons, printers; and the guests' public table call.
 */
import { authHeaders, buildUrl, download, request, type RequestOptions } from '@/utils/request';
import type { Page, Query, Schema } from './api';

const BASE = '/merchant/configure';

export type OrderingMethod = Table['orderingMethod'];

export type Table = Schema<'configure.TableView'>;

export type TableInput = Schema<'configure.TableInput'>;

export type TableQuery = Query<'/merchant/configure/table'>;

export const listTables = (params: TableQuery) =>
  request<Page<Table>>(`${BASE}/table`, { params: params as RequestOptions['params'] });
export const createTable = (venueId: number | undefined, data: TableInput) =>
  request<Table>(`${BASE}/table`, {
    method: 'POST',
    params: { venueId },
    data,
    skipErrorHandler: true,
  });
export const updateTable = (id: number, data: TableInput) =>
  request<Table>(`${BASE}/table/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const setTableEnabled = (id: number, enabled: boolean) =>
  request<null>(`${BASE}/table/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deleteTable = (id: number) =>
  request<null>(`${BASE}/table/${id}`, { method: 'DELETE' });
export const rotateTable = (id: number) =>
  request<Table>(`${BASE}/table/${id}/rotate`, { method: 'POST' });
export const rotateVenue = (venueId: number | undefined) =>
  request<Schema<'configure.RotateResult'>>(`${BASE}/table/rotate`, { method: 'POST', params: { venueId } });
export const downloadQR = (id: number, format: 'png' | 'svg', size?: number) =>
  download(`${BASE}/table/${id}/qr.${format}`, { params: { size } });
export const downloadSheet = (venueId: number | undefined) =>
  download(`${BASE}/table/sheet.pdf`, { params: { venueId } });
/** The PNG of a table's code as a blob URL for an <img> (the download carries the login). */
export async function qrImageUrl(id: number, size = 256): Promise<string> {
  const url = buildUrl(`${BASE}/table/${id}/qr.png`, { size });
  const res = await fetch(url, { headers: authHeaders(url) });
  if (!res.ok || !(res.headers.get('Content-Type') ?? '').startsWith('image/'))
    throw new Error('qr');
  return URL.createObjectURL(await res.blob());
}

// ---------------------------------------------------------------- tablet buttons

export type ButtonFunction = TabletButton['function'];

export type CallIcon = Schema<'configure.CallIcon'>;

export type TabletButton = Schema<'configure.ButtonView'>;

export type ButtonInput = Schema<'configure.ButtonInput'>;

export const listButtons = (venueId: number | undefined) =>
  request<TabletButton[]>(`${BASE}/button`, { params: { venueId } });
export const updateButton = (id: number, data: ButtonInput) =>
  request<TabletButton>(`${BASE}/button/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const setButtonEnabled = (id: number, enabled: boolean) =>
  request<null>(`${BASE}/button/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const restoreButtons = (venueId: number | undefined) =>
  request<TabletButton[]>(`${BASE}/button/restore`, { method: 'POST', params: { venueId } });

// ---------------------------------------------------------------- printers

export type PrinterType = Printer['type'];
export type FontSize = Printer['fontSize'];

export type Printer = Schema<'configure.PrinterView'>;

export type PrinterInput = Schema<'configure.PrinterInput'>;

export type PrinterModel = Schema<'configure.PrinterModel'>;

export type SetupCheck = Schema<'configure.SetupCheck'>;

export const CHARSETS = ['GBK', 'GB18030', 'Big5', 'CP437', 'CP1252', 'UTF-8'];

export const listPrinters = (venueId: number | undefined, type?: string) =>
  request<Page<Printer>>(`${BASE}/printer`, { params: { venueId, type, pageSize: 100 } });
export const printerModels = () => request<PrinterModel[]>(`${BASE}/printer/models`);
export const printerCheck = (venueId: number | undefined) =>
  request<SetupCheck>(`${BASE}/printer/check`, { params: { venueId } });
export const createPrinter = (venueId: number | undefined, data: PrinterInput) =>
  request<Printer>(`${BASE}/printer`, {
    method: 'POST',
    params: { venueId },
    data,
    skipErrorHandler: true,
  });
export const updatePrinter = (id: number, data: PrinterInput) =>
  request<Printer>(`${BASE}/printer/${id}`, { method: 'PUT', data, skipErrorHandler: true });
export const setPrinterEnabled = (id: number, enabled: boolean) =>
  request<null>(`${BASE}/printer/${id}/${enabled ? 'enable' : 'disable'}`, { method: 'POST' });
export const deletePrinter = (id: number) =>
  request<null>(`${BASE}/printer/${id}`, { method: 'DELETE' });
