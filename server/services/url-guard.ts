import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { ServerConfig } from '../config';
import { badRequest } from '../errors';
import { isLoopbackHost } from '../routes/system';

/**
 * Server-side request forgery guard (docs/decisions/074). A server bound to loopback is a tool on a
 * person's own machine and may fetch anything it is given; bound to a network, the URLs it fetches
 * for others (asset registration, task media references, webhook deliveries) must not reach
 * loopback, private, link-local or cloud-metadata addresses unless ALLOW_PRIVATE_URLS=1.
 */

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['fd00:ec2::254', 128], // AWS metadata over IPv6
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

/** True for an address a public URL must not lead to (IPv4-mapped IPv6 judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return BLOCKED.check(mapped, 'ipv4');
  const family = isIP(ip);
  if (family === 4) return BLOCKED.check(ip, 'ipv4');
  if (family === 6) return BLOCKED.check(ip, 'ipv6');
  return false;
}

export class BlockedUrlError extends Error {
  override name = 'BlockedUrlError';
}

/** Whether this server must refuse private destinations. */
export function urlGuardActive(config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>): boolean {
  return !isLoopbackHost(config.host) && !config.allowPrivateUrls;
}

function blocked(url: URL, address: string): BlockedUrlError {
  return new BlockedUrlError(
    `${url.host} resolves to ${address}, a loopback, private, link-local or metadata address, which this ` +
      'server does not fetch when bound to a network; use a public URL (or set ALLOW_PRIVATE_URLS=1 on a trusted network)',
  );
}

/** Throws BlockedUrlError when any address the URL's host resolves to is private. */
export async function assertPublicUrl(raw: string, isBlocked = isPrivateAddress): Promise<void> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isBlocked(host)) throw blocked(url, host);
    return;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) throw blocked(url, 'loopback');
  let addresses: Array<{ address: string }>;
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    // Unresolvable: fetch reports it in its own words.
    return;
  }
  const bad = addresses.find((a) => isBlocked(a.address));
  if (bad) throw blocked(url, bad.address);
}

const MAX_REDIRECTS = 10;

/**
 * fetch for URLs given by others: with the guard active every hop is checked after DNS resolution,
 * and redirects are followed here, one checked hop at a time (`redirect: 'manual'` is honoured as
 * is). With the guard off it is plain fetch.
 */
export function guardedFetch(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  // Tests swap the address policy so that loopback servers can play public and private hosts.
  isBlocked = isPrivateAddress,
): typeof fetch {
  if (!urlGuardActive(config)) return fetch;
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let current: RequestInit = { ...init };
    const follow = (init.redirect ?? 'follow') === 'follow';
    for (let hop = 0; ; hop++) {
      await assertPublicUrl(url, isBlocked);
      const res = await fetch(url, { ...current, redirect: 'manual' });
      const location = res.headers.get('location');
      if (!follow || res.status < 300 || res.status >= 400 || !location) return res;
      await res.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new TypeError(`more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url).href;
      // As fetch does: 303 (and 301/302 after POST) continue as a GET without a body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST')) {
        current = { ...current, method: 'GET', body: undefined };
      }
    }
  };
}

/**
 * Render inputs of a task that are URLs to fetch (ffmpeg reads them itself): each must pass
 * assertPublicUrl, and so must every redirect it leads to (followed here by a checked HEAD). The
 * returned message, if any, says which input was refused and why.
 */
export async function refusedRenderSource(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  sources: Array<string | undefined>,
): Promise<string | undefined> {
  if (!urlGuardActive(config)) return undefined;
  const guarded = guardedFetch(config);
  for (const source of sources) {
    if (!source || !/^https?:/i.test(source)) continue;
    try {
      const res = await guarded(source, { method: 'HEAD', signal: AbortSignal.timeout(10_000) });
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      if (err instanceof BlockedUrlError) return err.message;
      // Unreachable is not refused here: the renderer reports it in its own words.
    }
  }
  return undefined;
}

/** For a URL given in a request: a 400 naming `param` when the guard refuses it. */
export async function assertPublicUrlParam(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  url: string,
  param: string,
): Promise<void> {
  if (!urlGuardActive(config)) return;
  try {
    await assertPublicUrl(url);
  } catch (err) {
    if (err instanceof BlockedUrlError)
      throw badRequest(`${param} is refused: ${err.message}.`, param, 'url_not_allowed');
    throw err;
  }
}
