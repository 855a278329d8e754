import type { OnlineItem } from '@leadreel/shared';

export type StockKind = OnlineItem['kind'];

/** A file being fetched from a provider: its name (with the extension of its format) and its bytes. */
export type StockDownload = { name: string; size: number | null; body: AsyncIterable<Uint8Array> };

/**
 * Why a provider could not answer: `not_found` for an id it does not know, `failed` for everything else
 * (an error status, a timeout, an answer not in its documented shape).
 */
export class StockError extends Error {
  readonly kind: 'not_found' | 'failed';
  constructor(kind: 'not_found' | 'failed', message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * A library of stock pictures and clips the materials picker searches ("online"). One is configured per
 * installation (STOCK_MEDIA_PROVIDER); addresses in its answers are its own, trusted as the operator's choice.
 */
export interface StockProvider {
  /** As the picker credits it ("Pexels"). */
  readonly name: string;
  search(
    query: string,
    kind: StockKind,
    page: number,
    perPage: number,
    signal: AbortSignal,
  ): Promise<{ list: OnlineItem[]; total: number }>;
  /** The item's file in the size the library keeps: a picture about 1920 px wide, a clip in HD MP4. */
  download(id: string, kind: StockKind, signal: AbortSignal): Promise<StockDownload>;
}

/** GETs JSON from a provider; a status that is not 2xx, or a body that is not JSON, is a StockError. */
export async function getJson(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  const response = await fetchOrFail(url, headers, signal);
  try {
    return await response.json();
  } catch {
    throw new StockError('failed', `${url}: the answer is not JSON`);
  }
}

export async function fetchOrFail(url: string, headers: Record<string, string>, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'follow' });
  } catch (error) {
    throw new StockError('failed', `${new URL(url).origin}: ${(error as Error).message}`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new StockError('not_found', `${new URL(url).origin}: 404`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new StockError('failed', `${new URL(url).origin}: ${response.status}`);
  }
  return response;
}
