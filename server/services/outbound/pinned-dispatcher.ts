import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * DNS pinning for guarded fetches (decision 097). Checking a name's addresses and then
 * letting the connection resolve it again leaves a gap that DNS rebinding walks through: the
 * second answer is never checked. Here the connection itself resolves once, refuses the whole
 * answer when any address is forbidden, and connects to exactly the addresses it checked. TLS
 * still verifies the certificate for the URL's hostname (undici passes it as `servername`), and
 * the Host header is still the URL's host.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a hostname resolves to, as `dns.lookup(host, { all: true })` answers. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Raised inside the connection when a resolved address is forbidden. */
export class ForbiddenAddressError extends Error {
  override name = 'ForbiddenAddressError';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}`);
  }
}

function wantedFamily(family: unknown): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * A `net.connect` lookup that resolves once through `resolve` and hands the socket only addresses
 * that passed `isBlocked`. Node calls it with `all: true` (happy eyeballs, the default since Node
 * 20) and expects an array, or without and expects one address: both forms are answered.
 */
export function checkingLookup(resolve: Resolve, isBlocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answer) => {
        const bad = answer.find((a) => isBlocked(a.address));
        if (bad) return callback(new ForbiddenAddressError(hostname, bad.address), '', 0);
        const family = wantedFamily(options.family);
        const usable = family ? answer.filter((a) => a.family === family) : answer;
        if (!usable.length) {
          const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: 'ENOTFOUND',
            hostname,
          });
          return callback(err, '', 0);
        }
        if (options.all) return (callback as (e: null, a: ResolvedAddress[]) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

const agents = new WeakMap<Resolve, WeakMap<(address: string) => boolean, Agent>>();

/**
 * One pooled undici Agent per policy: kept-alive connections are reused only for the origin they
 * were opened to, so each of them was made to a checked address.
 */
export function pinnedAgent(resolve: Resolve, isBlocked: (address: string) => boolean): Agent {
  let byPolicy = agents.get(resolve);
  if (!byPolicy) agents.set(resolve, (byPolicy = new WeakMap()));
  let agent = byPolicy.get(isBlocked);
  if (!agent) {
    agent = new Agent({ connect: { lookup: checkingLookup(resolve, isBlocked) } });
    byPolicy.set(isBlocked, agent);
  }
  return agent;
}

/**
 * fetch through `agent`. undici's own fetch is used with its own Agent: Node 20's built-in fetch
 * bundles another undici major, whose dispatcher interface an Agent of this one does not promise
 * to match.
 */
export function fetchWith(agent: Agent): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const options = { ...(init as object), dispatcher: agent } as Parameters<typeof undiciFetch>[1];
    return undiciFetch(url, options) as unknown as Promise<Response>;
  };
}
