import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { AppContext } from '../../context';
import { isLoopbackHost } from '../../loopback';

/** Loopback, private, link-local, carrier-grade NAT and unspecified ranges: "this network". */
const INTERNAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(net, bits, 'ipv6');

/** `::ffff:1.2.3.4` and its hex form `::ffff:102:304` (as URL writes it) → `1.2.3.4`. */
function unmapped(address: string): string {
  const a = address.toLowerCase();
  if (!a.startsWith('::ffff:')) return address;
  const rest = a.slice('::ffff:'.length);
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return rest;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

function internalAddress(address: string): boolean {
  const v4 = unmapped(address);
  const family = isIP(v4);
  return family !== 0 && INTERNAL.check(v4, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a URL points into the server's own network (by address, or by a name resolving there). */
export async function isInternalTarget(url: string): Promise<boolean> {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (isIP(hostname)) return internalAddress(hostname);
  if (isLoopbackHost(hostname)) return true;
  try {
    const addresses = await lookup(hostname, { all: true });
    return addresses.some((a) => internalAddress(a.address));
  } catch {
    return false; // A name that does not resolve reveals nothing about ports.
  }
}

export const INTERNAL_TARGET_CAUSE =
  'no usable answer from an address on the server’s own network (the reason is not shown while the ' +
  'server is reachable from other machines, so it cannot be used to probe that network)';

/**
 * The cause to show in `sync_error` for a failed fetch of `url`. When the server is bound off
 * loopback, strangers can register URLs, and "connection refused" vs "reset" vs "HTTP 404" would
 * tell them which internal ports answer: every failure on an internal address then reads the same.
 */
export async function shownSourceCause(ctx: AppContext, url: string, cause: string): Promise<string> {
  if (isLoopbackHost(ctx.config.host)) return cause;
  return (await isInternalTarget(url)) ? INTERNAL_TARGET_CAUSE : cause;
}
