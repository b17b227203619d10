/**
 * Typed calls of the order records (modules/order/README.md): list, detail, cancellations with
 * manager approval, settlement, Excel export, service calls and the live event stream.
 * Amounts are integer minor units of `currency` (see utils/money.ts).
 */
import { authHeaders, buildUrl, download, request, type RequestOptions } from '@/utils/request';

import type { Page, Schema } from './api';

export type { Page };

export type Params = RequestOptions['params'];

const BASE = '/merchant/order';

export type OrderRow = Schema<'order.OrderView'>;

export type Cancellation = Schema<'order.CancellationView'>;

export type OrderLine = Schema<'order.LineView'>;

export type OrderDetail = Schema<'order.OrderDetail'>;

export type CancelInput = Schema<'order.CancelInput'>;

export type CancelResult = Schema<'order.CancelResult'>;

export type ServiceCall = Schema<'order.CallView'>;

export const listOrders = (params?: Params) => request<Page<OrderRow>>(BASE, { params });
export const getOrder = (id: number) => request<OrderDetail>(`${BASE}/${id}`);
export const cancelOrder = (id: number, data: CancelInput) =>
  request<CancelResult>(`${BASE}/${id}/cancel`, { method: 'POST', data, skipErrorHandler: true });
export const settleOrder = (id: number, paymentMethod: string) =>
  request<OrderDetail>(`${BASE}/${id}/settle`, {
    method: 'POST',
    data: { paymentMethod },
    skipErrorHandler: true,
  });
/** Prints the bill (a receipt once settled) on the venue's receipt printers; a second print is a REPRINT. */
export const printBill = (id: number) =>
  request<Schema<'order.PrintBillResult'>>(`${BASE}/${id}/print-bill`, {
    method: 'POST',
    skipErrorHandler: true,
  });
export const exportOrders = (params?: Params) => download(`${BASE}/export`, { params });
export const listApprovals = () => request<Cancellation[]>(`${BASE}/approval`);
export const decideCancellation = (id: number, approve: boolean, note?: string) =>
  request<OrderDetail>(`${BASE}/approval/${id}/${approve ? 'approve' : 'reject'}`, {
    method: 'POST',
    data: { note: note ?? '' },
  });
export const listCalls = () => request<ServiceCall[]>(`${BASE}/call`);
export const answerCall = (id: number) => request<null>(`${BASE}/call/${id}/done`, { method: 'POST' });

/** A server-sent event of /merchant/order/live (modules/order/live.go); a stream, not in the OpenAPI document. */
export type LiveKind = 'order' | 'call' | 'call_done' | 'change' | 'approval' | 'rejected';
export interface LiveEvent {
  type: LiveKind;
  venueId: number;
  id: number;
}

/**
 * Follows the server-sent events of the caller's venues (fetch streaming, so the token goes in
 * the Authorization header). Reconnects after a drop or the server's five-minute end; answers
 * a function that stops it. `onState` tells whether the stream is connected.
 */
export function followOrders(
  onEvent: (e: LiveEvent) => void,
  onState?: (connected: boolean) => void,
): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const res = await fetch(buildUrl(`${BASE}/live`), {
          headers: { Accept: 'text/event-stream', ...authHeaders(`${BASE}/live`) },
          signal: controller.signal,
          credentials: 'same-origin',
        });
        if (!res.ok || !res.body) throw new Error(`live ${res.status}`);
        onState?.(true);
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buf = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buf += decoder.decode(value, { stream: true });
          let end = buf.indexOf('\n\n');
          while (end >= 0) {
            const block = buf.slice(0, end);
            buf = buf.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) {
              try {
                onEvent(JSON.parse(data) as LiveEvent);
              } catch {
                /* a malformed event is skipped */
              }
            }
            end = buf.indexOf('\n\n');
          }
        }
      } catch {
        /* dropped: wait and reconnect */
      }
      onState?.(false);
      if (!stopped) await new Promise((r) => setTimeout(r, 3000));
    }
  };
  run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
