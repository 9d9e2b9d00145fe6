import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config';
import type { AppEnv } from '../context';
import { ApiError } from '../errors';
import { isLoopbackHost } from '../loopback';
import { quoted, shown } from '@contract/quoted';

const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]']);

/** The Node request behind a Hono context, when served by @hono/node-server (absent in app.request tests). */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  const incoming = (env as { incoming?: unknown } | undefined)?.incoming;
  return incoming && typeof incoming === 'object' ? (incoming as IncomingMessage) : undefined;
}

/** `Host`-style `name[:port]` → lower-case host name without brackets; undefined when malformed. */
export function hostNameOf(authority: string): string | undefined {
  const value = authority.trim();
  if (!value || /[\s/\\?#@]/.test(value)) return undefined;
  try {
    return new URL(`http://${value}`).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

function plainAddress(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return isIP(v4) === 4 ? v4 : address;
}

/** The peers whose forwarded headers are believed (TRUST_PROXY), as a predicate on the socket's address. */
export function trustedPeers(entries: readonly string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  if (entries.includes('*')) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const plain = plainAddress(address);
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Whether a host name may address this server. A DNS-rebinding page reaches us under its own
 * domain name, so names must be known: loopback names, the bound HOST, PUBLIC_BASE_URL's host and
 * ALLOWED_HOSTS. An IP literal cannot be rebound, so when the server is bound off loopback (meant to
 * be reached over the network) any IP address is accepted too.
 */
export function hostAllowed(config: ServerConfig, hostname: string): boolean {
  const allowed = config.allowedHosts;
  if (allowed.includes('*') || isLoopbackHost(hostname)) return true;
  const bound = config.host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (!WILDCARD_BINDS.has(config.host) && hostname === bound) return true;
  if (config.publicBaseUrl && hostname === new URL(config.publicBaseUrl).hostname.replace(/^\[|\]$/g, ''))
    return true;
  if (isIP(hostname) && !isLoopbackHost(config.host)) return true;
  return allowed.some((entry) =>
    entry.startsWith('.') ? hostname === entry.slice(1) || hostname.endsWith(entry) : hostname === entry,
  );
}

function lastListValue(raw: string | undefined): string | undefined {
  // A proxy appends to what the client sent: the last value is the one the trusted proxy wrote.
  const value = raw?.split(',').at(-1)?.trim();
  return value || undefined;
}

function notAllowed(header: string, authority: string, hostname: string | undefined): ApiError {
  // A DNS name is at most 253 characters: a real one is never cut from the example.
  const name = hostname && shown(hostname, 253);
  const fix = name
    ? `If this server is meant to be reached as "${name}", add it to ALLOWED_HOSTS (for example ` +
      `ALLOWED_HOSTS=${name}) or set PUBLIC_BASE_URL, and restart.`
    : `Send a ${header} of the form name[:port].`;
  return new ApiError(
    421,
    `This server does not answer to ${header} ${quoted(authority)} (protection against DNS rebinding). ${fix} ` +
      'Loopback names such as localhost and 127.0.0.1 always work.',
    { code: 'host_not_allowed' },
  );
}

/**
 * First line of defence for every route (API, /bootstrap, /files, the dashboard): the Host the
 * browser used must be one this server answers to, or a page on an attacker's domain rebound to
 * 127.0.0.1 could read the default key and the API. Also fixes the request's public origin
 * (`c.var.origin`) from validated values only: PUBLIC_BASE_URL when set, else X-Forwarded-Host/-Proto
 * from a TRUST_PROXY peer, else the request's own scheme and Host.
 */
export function hostGuard(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const trusted = trustedPeers(config.trustProxy);
  const check = (header: string, authority: string): string => {
    const hostname = hostNameOf(authority);
    if (!hostname || !hostAllowed(config, hostname)) throw notAllowed(header, authority, hostname);
    return authority.trim().toLowerCase();
  };

  return async (c, next) => {
    const incoming = incomingOf(c.env);
    const url = new URL(c.req.url);
    const hostHeader = c.req.header('host');
    if (incoming && incoming.httpVersion !== '1.0' && hostHeader === undefined) {
      throw new ApiError(
        400,
        'The Host header is missing: HTTP/1.1 requests must send the name the server is reached at, ' +
          'e.g. Host: localhost:8787.',
        { code: 'missing_host' },
      );
    }
    // In absolute-form requests (GET http://x/ HTTP/1.1) the URL's authority wins over Host: check both.
    let authority = check('Host', url.host);
    if (hostHeader !== undefined && hostHeader.trim().toLowerCase() !== authority) check('Host', hostHeader);

    let scheme = url.protocol.replace(':', '');
    if (trusted(incoming?.socket?.remoteAddress)) {
      const forwardedHost = lastListValue(c.req.header('x-forwarded-host'));
      if (forwardedHost) authority = check('X-Forwarded-Host', forwardedHost);
      const forwardedProto = lastListValue(c.req.header('x-forwarded-proto'))?.toLowerCase();
      if (forwardedProto === 'http' || forwardedProto === 'https') scheme = forwardedProto;
    }
    c.set('origin', config.publicBaseUrl ?? new URL(`${scheme}://${authority}`).origin);
    await next();
  };
}
