import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import type { ServerConfig } from '../../config';
import { badRequest } from '../../errors';
import { canonicalHost, isLoopbackHost } from '../../loopback';
import {
  fetchWith,
  ForbiddenAddressError,
  pinnedAgent,
  systemResolve,
  type Resolve,
} from './pinned-dispatcher';

/**
 * Server-side request forgery guard (decision 074). A server bound to loopback is a tool on a
 * person's own machine and may fetch anything it is given; bound to a network, the URLs it fetches
 * for others (asset registration, task media references, webhook deliveries) must not reach
 * loopback, private, link-local or cloud-metadata addresses unless ALLOW_PRIVATE_URLS=1. The check
 * is pinned to the connection (decision 097).
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

/** Every address of this machine's own network interfaces, zone ids dropped. */
export function ownInterfaceAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address.replace(/%.*$/, '').toLowerCase());
}

/**
 * The guard's judgement of an address: private ranges, and every address of this machine's own
 * interfaces (its public one included: it reaches this server as loopback does). `interfaces` is
 * read at each check, so an address gained after start-up counts; tests inject it.
 */
export function isBlockedAddress(
  address: string,
  interfaces: () => readonly string[] = ownInterfaceAddresses,
): boolean {
  if (isPrivateAddress(address)) return true;
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase();
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1] ?? ip;
  const own = interfaces();
  if (isIP(plain) === 4) return own.includes(plain) || own.includes(`::ffff:${plain}`);
  // IPv6 written in several ways: compare the canonical forms BlockList understands.
  if (isIP(plain) === 6) {
    const list = new BlockList();
    for (const a of own) if (isIP(a) === 6) list.addAddress(a, 'ipv6');
    return list.check(plain, 'ipv6');
  }
  return false;
}

/** One function, so that pinnedAgent's per-policy cache keeps one Agent for the default policy. */
const defaultIsBlocked = (address: string): boolean => isBlockedAddress(address);

export class BlockedUrlError extends Error {
  override name = 'BlockedUrlError';
}

/**
 * How the guard resolves names and judges addresses: the context's `urlGuard`, empty in a server.
 * Tests inject both, so that loopback servers can play public and private hosts and a resolver can
 * change its answer between two questions.
 */
export interface GuardHooks {
  resolve?: Resolve;
  isBlocked?: (address: string) => boolean;
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

/**
 * What can be judged without DNS: an IP literal, or a name that is loopback by definition. True
 * when the host is a name that DNS must answer for.
 */
function assertLiteralAllowed(url: URL, isBlocked: (address: string) => boolean): boolean {
  // Judged as the network reads it: `localhost.` or `127.0.0.1..` is loopback too (issue 41).
  const host = canonicalHost(url.hostname);
  if (isIP(host)) {
    if (isBlocked(host)) throw blocked(url, host);
    return false;
  }
  if (isLoopbackHost(host)) throw blocked(url, 'loopback');
  return true;
}

/**
 * Throws BlockedUrlError when any address the URL's host resolves to is private. An early answer
 * for requests (a 400 before anything is stored); the fetch itself is guarded by guardedFetch,
 * which checks again at connect time.
 */
export async function assertPublicUrl(raw: string, hooks: GuardHooks = {}): Promise<void> {
  const url = new URL(raw);
  const isBlocked = hooks.isBlocked ?? defaultIsBlocked;
  if (!assertLiteralAllowed(url, isBlocked)) return;
  let addresses: Array<{ address: string }>;
  try {
    addresses = await (hooks.resolve ?? systemResolve)(url.hostname);
  } catch {
    // Unresolvable: fetch reports it in its own words.
    return;
  }
  const bad = addresses.find((a) => isBlocked(a.address));
  if (bad) throw blocked(url, bad.address);
}

const MAX_REDIRECTS = 10;

/** fetch's rejection when the pinned connection refused the address DNS gave it, else undefined. */
function forbiddenCause(err: unknown): ForbiddenAddressError | undefined {
  for (let e = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e instanceof ForbiddenAddressError) return e;
  }
  return undefined;
}

/**
 * fetch for URLs given by others. With the guard active every connection is pinned
 * (pinned-dispatcher.ts): the name is resolved once, inside the connection, and the socket goes
 * only to addresses that passed the check, so a DNS answer that changes between a check and the
 * connect (rebinding) cannot lead anywhere private. Redirects are followed here, one checked hop at
 * a time (`redirect: 'manual'` is honoured as is). A refusal rejects with BlockedUrlError. With the
 * guard off it is plain fetch.
 */
export function guardedFetch(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  hooks: GuardHooks = {},
): typeof fetch {
  if (!urlGuardActive(config)) return fetch;
  const isBlocked = hooks.isBlocked ?? defaultIsBlocked;
  const pinned = fetchWith(pinnedAgent(hooks.resolve ?? systemResolve, isBlocked));
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let current: RequestInit = { ...init };
    const follow = (init.redirect ?? 'follow') === 'follow';
    for (let hop = 0; ; hop++) {
      assertLiteralAllowed(new URL(url), isBlocked);
      let res: Response;
      try {
        res = await pinned(url, { ...current, redirect: 'manual' });
      } catch (err) {
        const forbidden = forbiddenCause(err);
        if (forbidden) throw blocked(new URL(url), forbidden.address);
        throw err;
      }
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

const refusal = (err: BlockedUrlError, param: string) =>
  badRequest(`${param} is refused: ${err.message}.`, param, 'url_not_allowed');

/**
 * The guard's check of a URL's form, without DNS: an IP literal or a loopback name that the guard
 * refuses is a 400 `url_not_allowed` naming `param`. For the URL fields of task creation (callback,
 * media references), which are fetched later; the fetch itself stays guarded by guardedFetch.
 */
export function assertUrlFormAllowed(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  url: string,
  param: string,
  hooks: GuardHooks = {},
): void {
  if (!urlGuardActive(config)) return;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return; // not a URL: the field's own check says so
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
  try {
    assertLiteralAllowed(parsed, hooks.isBlocked ?? defaultIsBlocked);
  } catch (err) {
    if (err instanceof BlockedUrlError) throw refusal(err, param);
    throw err;
  }
}

/** For a URL given in a request: a 400 naming `param` when the guard refuses it. */
export async function assertPublicUrlParam(
  config: Pick<ServerConfig, 'host' | 'allowPrivateUrls'>,
  url: string,
  param: string,
  hooks: GuardHooks = {},
): Promise<void> {
  if (!urlGuardActive(config)) return;
  try {
    await assertPublicUrl(url, hooks);
  } catch (err) {
    if (err instanceof BlockedUrlError) throw refusal(err, param);
    throw err;
  }
}
