/**
 * Typed calls of the print jobs (modules/printing/README.md): a venue's jobs with their state,
 * resend and reprint, test prints, and the venue's print agent and its key.
 */
import { request } from '@/utils/request';
import type { Page, Query, Schema } from './api';

const BASE = '/merchant/printing';

export type JobState = PrintJob['state'];
export type JobKind = PrintJob['kind'];

export type PrintJob = Schema<'printing.JobView'>;

export type JobQuery = Omit<Query<'/merchant/printing/job'>, 'venueId'>;

export type PrinterRef = Schema<'printing.PrinterRef'>;

export type PrintAgent = Schema<'printing.AgentView'>;

export const listJobs = (venueId: number, q: JobQuery) =>
  request<Page<PrintJob>>(`${BASE}/job`, { params: { venueId, ...q } });
export const retryJob = (id: number, printerId?: number) =>
  request<PrintJob>(`${BASE}/job/${id}/retry`, {
    method: 'POST',
    data: { printerId: printerId ?? 0 },
  });
export const reprintJob = (id: number, printerId?: number) =>
  request<PrintJob>(`${BASE}/job/${id}/reprint`, {
    method: 'POST',
    data: { printerId: printerId ?? 0 },
  });
export const testPrint = (venueId: number, printerId: number) =>
  request<PrintJob>(`${BASE}/test`, { method: 'POST', params: { venueId }, data: { printerId } });
export const jobPrinters = (venueId: number) =>
  request<PrinterRef[]>(`${BASE}/printers`, { params: { venueId } });
export const agentStatus = (venueId: number) =>
  request<PrintAgent>(`${BASE}/agent`, { params: { venueId } });
export const newAgentKey = (venueId: number) =>
  request<Schema<'printing.AgentKey'>>(`${BASE}/agent/key`, {
    method: 'POST',
    params: { venueId },
  });
export const removeAgent = (venueId: number) =>
  request<void>(`${BASE}/agent`, { method: 'DELETE', params: { venueId } });
