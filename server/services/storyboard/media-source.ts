import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { ApiError } from '../../errors';
import { existingStoredFile, storedPathOf } from '../assets/asset-files';
import { downloadTo, SourceRefusedError, SourceUnreachableError } from '../assets/asset-source';
import { assertUrlFormAllowed, guardedFetch } from '../outbound/url-guard';
import { upstreamTarget } from '../outbound/upstream-target';

/** A result URL must be fetched within this much real time (a 15 s clip is a few MB). */
export const SOURCE_DEADLINE_MS = 60_000;

/** Where storyboard work writes its temporary files; the start-up sweep clears it. */
export function storyboardTempDir(ctx: AppContext): string {
  const dir = path.join(ctx.config.dataDir, 'tmp', 'storyboard');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export interface LocalSource {
  file: string;
  /** A stored file of this server (written once, never changed in place), not a download. */
  stored: boolean;
  /** Removes the file when it was downloaded (a stored file of this server is left alone). */
  release(): Promise<void>;
}

function parseHttpUrl(raw: unknown, param: string): URL {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw badRequest(`${param} is required: a task's result URL.`, param);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(`${param} is not a URL; give the task's result URL (http or https).`, param);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest(`${param} must be an http or https URL, not ${url.protocol}`, param);
  if (url.username || url.password)
    throw badRequest(`${param} must not carry a user name or password.`, param);
  return url;
}

/** Whether localSource reads the URL in place or from the configured upstream, never from the URL's host. */
function servedHere(ctx: AppContext, url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  return (
    url.pathname.startsWith('/files/') ||
    (Boolean(ctx.config.upstreamBaseUrl) && url.pathname.startsWith('/upstream-files/'))
  );
}

/**
 * The check of a result URL that is fetched later (an assembly's shots): its form, and the URL
 * guard's refusal by form (the shared rule of every URL field at creation, issue 41), so a loopback
 * or private shot is a 400 at once rather than a failed assembly. localSource checks again.
 */
export function checkSourceUrl(ctx: AppContext, raw: unknown, param: string, origin: string): void {
  const url = parseHttpUrl(raw, param);
  if (!servedHere(ctx, url, origin)) assertUrlFormAllowed(ctx.config, url.href, param, ctx.urlGuard);
}

/**
 * A result URL as a local file ffmpeg may read (decision 098: ffmpeg never opens the network).
 * This server's own `/files/…` is read in place; in proxy mode `/upstream-files/…` is the
 * upstream's `/files/…`, fetched without the upstream key as the proxy does; anything else is
 * downloaded through the URL guard (guardedFetch), bounded in size and time.
 */
export async function localSource(
  ctx: AppContext,
  raw: unknown,
  param: string,
  origin: string,
  signal: AbortSignal,
): Promise<LocalSource> {
  const url = parseHttpUrl(raw, param);
  if (url.origin === origin && url.pathname.startsWith('/files/')) {
    const rel = storedPathOf(url.pathname.slice('/files/'.length));
    const file = rel ? existingStoredFile(ctx, rel) : undefined;
    if (!file)
      throw new ApiError(404, `${param} names no stored file of this server; use the URL a task returned.`, {
        code: 'file_not_found',
        param,
      });
    return { file, stored: true, release: async () => undefined };
  }
  let source = url.href;
  let doFetch: typeof fetch = guardedFetch(ctx.config, ctx.urlGuard);
  const { upstreamBaseUrl } = ctx.config;
  if (url.origin === origin && url.pathname.startsWith('/upstream-files/') && upstreamBaseUrl) {
    // As the proxy's own file route (decision 280): the upstream's /files/ by the URL object that
    // will be fetched, never anything a decoding could move elsewhere, and never with the upstream
    // key (result URLs work without it).
    const upstreamOrigin = new URL(new URL(upstreamBaseUrl).origin);
    const target = upstreamTarget(
      upstreamOrigin,
      ['/files'],
      `/files${url.pathname.slice('/upstream-files'.length)}`,
    );
    if (!target)
      throw badRequest(
        `${param} holds an encoded "/", "\\", a dot segment or a ";" path parameter; use the URL a task returned.`,
        param,
        'invalid_path',
      );
    source = target.href;
    // The configured upstream is trusted as the proxy trusts it (it may be on loopback).
    doFetch = (input, init) => fetch(input, init);
  }
  const file = path.join(
    storyboardTempDir(ctx),
    `src-${process.hrtime.bigint()}-${Math.random().toString(36).slice(2, 8)}`,
  );
  const release = () => fs.promises.rm(file, { force: true }).catch(() => undefined);
  try {
    await downloadTo(source, file, {
      maxBytes: ctx.config.maxUploadBytes,
      signal,
      deadlineMs: SOURCE_DEADLINE_MS,
      fetch: doFetch,
    });
  } catch (err) {
    await release();
    if (err instanceof SourceRefusedError)
      throw badRequest(`${param} is refused: ${err.message}.`, param, 'url_not_allowed');
    if (err instanceof SourceUnreachableError)
      throw new ApiError(
        422,
        `${param} could not be fetched (${err.message}); check that the task's result is still available.`,
        {
          code: 'source_unreachable',
          param,
        },
      );
    throw err;
  }
  return { file, stored: false, release };
}
