import fs from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { BlockedUrlError } from '../outbound/url-guard';
import { quoted } from '@contract/quoted';

/** LOCAL_API.md: a source URL is fetched with a real-time budget (not scaled by EMULATOR_SPEED). */
export const SOURCE_TIMEOUT_MS = 10_000;
/** A download that receives nothing for this long is abandoned. */
const DOWNLOAD_STALL_MS = 30_000;
/**
 * A download must finish within this much real time, however steadily bytes arrive: a source that
 * trickles a byte at a time would otherwise hold a preparation slot for as long as it likes
 * (decision 062). 2 GiB in 15 minutes needs about 2.4 MB/s; larger or slower files are
 * better uploaded.
 */
export const DOWNLOAD_DEADLINE_MS = 15 * 60_000;

export interface SourceInfo {
  /** As the host declared it (may be empty or generic). */
  contentType: string;
  /** Bytes, 0 when the host did not say. */
  size: number;
}

/** The source URL could not be read; the message names why in words a person can act on. */
export class SourceUnreachableError extends Error {
  override name = 'SourceUnreachableError';
}

/**
 * The URL guard refused an address on the way (a redirect, or a DNS answer that changed after the
 * registration's check): unreachable for good, and told apart where that matters (task inputs).
 */
export class SourceRefusedError extends SourceUnreachableError {
  override name = 'SourceRefusedError';
}

function refusal(err: unknown): SourceRefusedError | undefined {
  return err instanceof BlockedUrlError ? new SourceRefusedError(err.message) : undefined;
}

export const UNREACHABLE_REMEDY =
  'Make the URL publicly reachable (no login, VPN or IP allowlist; it must answer GET with the file) and register it again.';

export function unreachableSyncError(cause: string): string {
  return `Could not fetch the source URL: ${cause}. ${UNREACHABLE_REMEDY}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Turns what fetch threw into a cause: DNS, refused, reset, TLS, timeout. */
export function describeFetchError(err: unknown, url: string, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const host = hostOf(url);
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    return `no answer from ${host} within ${limit} (timeout)`;
  }
  const code = e?.cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `DNS lookup failed: host ${quoted(new URL(url).hostname)} was not found`;
  if (code === 'ECONNREFUSED') return `connection refused by ${host}`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `the connection to ${host} was reset`;
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return `connecting to ${host} timed out`;
  if (/CERT|SSL|TLS/i.test(code)) return `the TLS certificate of ${host} is not valid (${code})`;
  return `request to ${host} failed (${e?.cause?.message ?? e?.message ?? String(err)})`;
}

function formatDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function tooBig(size: number, maxBytes: number): string {
  return `the file is larger than ${maxBytes} bytes, the limit set by MAX_UPLOAD_BYTES (it has ${size} or more)`;
}

function describeStatus(status: number, statusText: string): string {
  const base = `the URL answered HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  if (status === 401 || status === 403) return `${base}: it needs credentials the service does not have`;
  if (status === 404 || status === 410) return `${base}: nothing is published at that address`;
  return base;
}

function sizeFrom(res: Response): number {
  const range = /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '');
  if (range) return Number(range[1]);
  const length = Number(res.headers.get('content-length'));
  return res.status === 200 && Number.isSafeInteger(length) && length >= 0 ? length : 0;
}

/**
 * Learns content type and size of a public URL: HEAD first, then (when HEAD is refused or says
 * nothing) a GET of one byte with `Range: bytes=0-0`, whose body is not read. Throws
 * SourceUnreachableError naming the cause.
 */
export async function inspectSource(
  url: string,
  timeoutMs = SOURCE_TIMEOUT_MS,
  // url-guard.ts's guardedFetch off loopback, so that no hop reaches a private address.
  doFetch: typeof fetch = fetch,
): Promise<SourceInfo> {
  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  let headProblem: string | undefined;
  try {
    const head = await doFetch(url, {
      method: 'HEAD',
      redirect: 'follow',
      signal: AbortSignal.timeout(remaining()),
    });
    if (head.ok && (head.headers.get('content-type') || head.headers.get('content-length'))) {
      return { contentType: head.headers.get('content-type') ?? '', size: sizeFrom(head) };
    }
    if (!head.ok) headProblem = describeStatus(head.status, head.statusText);
  } catch (err) {
    const refused = refusal(err);
    if (refused) throw refused;
    headProblem = describeFetchError(err, url, timeoutMs);
    // Without a name or an answer a GET cannot do better; only time remaining makes it worth a try.
    if (/DNS lookup failed|timeout/.test(headProblem)) throw new SourceUnreachableError(headProblem);
  }
  try {
    const res = await doFetch(url, {
      method: 'GET',
      headers: { Range: 'bytes=0-0' },
      redirect: 'follow',
      signal: AbortSignal.timeout(remaining()),
    });
    await res.body?.cancel().catch(() => undefined);
    if (!res.ok) throw new SourceUnreachableError(describeStatus(res.status, res.statusText));
    return { contentType: res.headers.get('content-type') ?? '', size: sizeFrom(res) };
  } catch (err) {
    if (err instanceof SourceUnreachableError) throw err;
    throw refusal(err) ?? new SourceUnreachableError(headProblem ?? describeFetchError(err, url, timeoutMs));
  }
}

/**
 * Streams a URL to `dest` (never held in memory whole). Fails past `maxBytes`, when the transfer
 * stalls, or when `signal` aborts; the caller removes `dest` on failure.
 */
export async function downloadTo(
  url: string,
  dest: string,
  opts: { maxBytes: number; signal: AbortSignal; deadlineMs?: number; fetch?: typeof fetch },
): Promise<{ size: number; contentType: string }> {
  const stall = new AbortController();
  const deadlineMs = opts.deadlineMs ?? DOWNLOAD_DEADLINE_MS;
  const deadline = AbortSignal.timeout(deadlineMs);
  const signal = AbortSignal.any([opts.signal, stall.signal, deadline]);
  let timer = setTimeout(() => stall.abort(), SOURCE_TIMEOUT_MS);
  const tooSlow = () =>
    new SourceUnreachableError(
      `the download from ${hostOf(url)} did not finish within ${formatDuration(deadlineMs)}; ` +
        'upload large files instead of registering them by URL',
    );
  try {
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(url, { redirect: 'follow', signal });
    } catch (err) {
      if (deadline.aborted && !opts.signal.aborted) throw tooSlow();
      if (opts.signal.aborted) throw err;
      const refused = refusal(err);
      if (refused) throw refused;
      throw new SourceUnreachableError(describeFetchError(err, url, SOURCE_TIMEOUT_MS));
    }
    if (!res.ok || !res.body) throw new SourceUnreachableError(describeStatus(res.status, res.statusText));
    const declared = Number(res.headers.get('content-length'));
    if (Number.isSafeInteger(declared) && declared > opts.maxBytes) {
      await res.body.cancel().catch(() => undefined);
      throw new SourceUnreachableError(tooBig(declared, opts.maxBytes));
    }
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        clearTimeout(timer);
        timer = setTimeout(() => stall.abort(), DOWNLOAD_STALL_MS);
        if (size > opts.maxBytes) done(new SourceUnreachableError(tooBig(size, opts.maxBytes)));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as WebReadableStream), meter, fs.createWriteStream(dest), {
        signal,
      });
    } catch (err) {
      if (err instanceof SourceUnreachableError) throw err;
      if (deadline.aborted && !opts.signal.aborted) throw tooSlow();
      if (stall.signal.aborted) throw new SourceUnreachableError(`the download from ${hostOf(url)} stalled`);
      throw err;
    }
    return { size, contentType: res.headers.get('content-type') ?? '' };
  } finally {
    clearTimeout(timer);
  }
}
