import { isIP } from 'node:net';
import path from 'node:path';
import { ImagePrefixError, parseImagePrefixes } from './config-image-prefix';
import { parseUpstreamKeys } from './config-upstream-keys';

/** The start-up contract of LOCAL_API.md, read once from the environment. */
export interface ServerConfig {
  /** 0 asks the OS for a free port; main.ts prints the one it got. */
  port: number;
  host: string;
  dataDir: string;
  apiKeys: string[];
  /** True when API_KEYS was not set and the built-in development key is in use. */
  usingDefaultKey: boolean;
  emulatorSpeed: number;
  upstreamBaseUrl?: string;
  upstreamApiKey?: string;
  /**
   * Proxy mode, UPSTREAM_API_KEYS: local key → its own upstream key (decision 359). A local key not
   * in it is forwarded with upstreamApiKey; start-up makes sure one of the two exists for every key.
   */
  upstreamKeyMap: ReadonlyMap<string, string>;
  /**
   * Proxy mode, UPSTREAM_IMAGE_PREFIX: the image service's prefixes whose
   * `GET <prefix>/task/{id}/fetch` is forwarded (decision 378). Default `/mj`.
   */
  upstreamImagePrefixes: string[];
  /** Proxy mode: how long the upstream may stay silent (no answer, no upload progress) before a 504. */
  upstreamTimeoutMs: number;
  /**
   * Emulated features kept on in proxy mode (LOCAL_FEATURES, e.g. `inbox`, `workers`); in local mode
   * everything runs. decision 073.
   */
  localFeatures: string[];
  /** ALLOW_PRIVATE_URLS=1: a non-loopback server may still fetch private addresses (url-guard.ts). */
  allowPrivateUrls: boolean;
  webhookSecret?: string;
  maxUploadBytes: number;
  /** Largest JSON body accepted on API routes. */
  maxJsonBytes: number;
  /** How long a body that is no multipart upload may take to arrive (BODY_TIMEOUT_MS). */
  requestBodyTimeoutMs: number;
  /** Open connections one client address may hold; TRUST_PROXY peers are exempt (connection-cap.ts). */
  maxConnectionsPerAddress: number;
  /**
   * Unsigned deliveries kept over all unclaimed webhook inboxes (INBOX_UNCLAIMED_KEEP, default
   * 1,000; decision 590): a test reaches the bound with tens of posts instead of thousands.
   */
  inboxUnclaimedKeep: number;
  /** Renders at once (TASK_CONCURRENCY), validated at start-up; undefined: the runner's default. */
  taskConcurrency?: number;
  /** The ffmpeg pool (FFMPEG_CONCURRENCY, FFMPEG_KEY_QUEUE, FFMPEG_WAIT_MS; decision 356). */
  ffmpeg: FfmpegLimits;
  /** Directory of the built dashboard (vite build output). */
  staticDir: string;
  /**
   * Host names (beyond loopback) the server answers to, lower-case; `.example.com` also covers its
   * subdomains; `*` turns the DNS-rebinding check off. From ALLOWED_HOSTS (middleware/host-guard.ts).
   */
  allowedHosts: string[];
  /**
   * Peers whose X-Forwarded-Host/-Proto are believed: `*` (any), `loopback`, IP addresses or CIDR
   * ranges. Empty: forwarded headers are ignored. From TRUST_PROXY.
   */
  trustProxy: string[];
  /** The origin clients reach the server at (PUBLIC_BASE_URL); absolute URLs are built from it. */
  publicBaseUrl?: string;
}

export const DEFAULT_API_KEY = 'sk-local-dev';

/** How long a body that is no multipart upload may take to arrive, like headers (decision 362). */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/**
 * Open connections one client address may hold (decision 362). A browser keeps about six per origin
 * plus an event stream per tab, scripts and test runners a few dozen; every connection costs a file
 * descriptor, and without a cap one address could take them all, after which nobody, /healthz
 * included, could connect (issue 41).
 */
export const DEFAULT_MAX_CONNS_PER_IP = 128;

/** Unsigned deliveries kept over all unclaimed webhook inboxes: names cost nothing to invent, the disk does. */
export const DEFAULT_INBOX_UNCLAIMED_KEEP = 1_000;

/** A setting that cannot work; main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function blank(raw: string | undefined): boolean {
  return raw === undefined || raw.trim() === '';
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (blank(raw)) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive number, got "${raw}".`);
  return n;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  const n = positiveNumber(name, raw, fallback);
  if (!Number.isSafeInteger(n))
    throw new ConfigError(`${name} must be a whole number of bytes, got "${raw}".`);
  return n;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (blank(raw)) return fallback;
  const n = Number(raw!.trim());
  if (!Number.isSafeInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number above 0, got "${raw}".`);
  return n;
}

function parsePort(raw: string | undefined): number {
  if (blank(raw)) return 8787;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw!) || n > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535 (0 picks a free port), got "${raw}".`);
  }
  return n;
}

function parseKeys(raw: string | undefined): string[] {
  if (blank(raw)) return [];
  const keys = raw!
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (keys.length === 0) throw new ConfigError('API_KEYS must list at least one key, separated by commas.');
  // A key that cannot travel in `Authorization: Bearer <key>` would lock everyone out.
  const unusable = keys.findIndex((k) => /[^\x21-\x7e]/.test(k));
  if (unusable >= 0) {
    throw new ConfigError(
      `API_KEYS entry ${unusable + 1} contains spaces or characters that cannot be sent in an HTTP header; use printable ASCII.`,
    );
  }
  return [...new Set(keys)];
}

/** TASK_CONCURRENCY: a whole number from 1 to 256, or unset (the task runner picks from the cores). */
export function parseTaskConcurrency(raw: string | undefined): number | undefined {
  if (blank(raw)) return undefined;
  const n = Number(raw!.trim());
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new ConfigError(`TASK_CONCURRENCY must be a whole number from 1 to 256, got "${raw}".`);
  return n;
}

function parseUpstream(raw: string | undefined): string | undefined {
  if (blank(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw!.trim());
  } catch {
    throw new ConfigError(`UPSTREAM_BASE_URL must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`UPSTREAM_BASE_URL must use http or https, got "${url.protocol}".`);
  }
  if (url.search || url.hash) throw new ConfigError('UPSTREAM_BASE_URL must not carry a query or fragment.');
  // Request paths already start with /v1 or /api, so a base that ends in /v1 would double it.
  const base = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  if (/\/v1$/.test(base)) {
    throw new ConfigError(
      `UPSTREAM_BASE_URL is the deployment's base address without /v1 (requests keep their /v1 path), got "${raw}".`,
    );
  }
  return base;
}

/** `studio.example.com`, `.example.com` (and subdomains), `*`, IP literals; ports are not part of it. */
function parseAllowedHosts(raw: string | undefined): string[] {
  if (blank(raw)) return [];
  const entries = raw!
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === '*') continue;
    const name = entry.startsWith('.') ? entry.slice(1) : entry;
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/.test(name)) {
      throw new ConfigError(
        `ALLOWED_HOSTS entry "${entry}" is not a host name. List names without scheme or port, ` +
          'e.g. ALLOWED_HOSTS=studio.example.com,.lan (a leading dot covers subdomains, * allows any).',
      );
    }
  }
  return [...new Set(entries)];
}

function parseTrustProxy(raw: string | undefined): string[] {
  if (blank(raw)) return [];
  const value = raw!.trim().toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(value)) return [];
  if (['1', 'true', 'yes', 'on', '*'].includes(value)) return ['*'];
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (entry === 'loopback') continue;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > maxBits))
    ) {
      throw new ConfigError(
        `TRUST_PROXY entry "${entry}" is not an IP address or CIDR range. Use true (any peer), loopback, ` +
          'or addresses of your reverse proxy such as 10.0.0.0/8,127.0.0.1.',
      );
    }
  }
  return entries;
}

function parsePublicBaseUrl(raw: string | undefined): string | undefined {
  if (blank(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw!.trim());
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`PUBLIC_BASE_URL must use http or https, got "${url.protocol}".`);
  }
  // The dashboard and /files/ are served from the root, so only an origin can address them.
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(
      `PUBLIC_BASE_URL is the origin clients use, without a path, e.g. https://studio.example.com; got "${raw}".`,
    );
  }
  return url.origin;
}

const LOCAL_FEATURES = ['inbox', 'workers'];

function parseLocalFeatures(raw: string | undefined): string[] {
  if (blank(raw)) return [];
  const entries = raw!
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  const unknown = entries.find((f) => !LOCAL_FEATURES.includes(f) && f !== 'all');
  if (unknown) {
    throw new ConfigError(
      `LOCAL_FEATURES entry "${unknown}" is not known; use ${LOCAL_FEATURES.join(', ')} or all (comma separated).`,
    );
  }
  return entries.includes('all') ? [...LOCAL_FEATURES] : [...new Set(entries)];
}

function flag(raw: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((raw ?? '').trim().toLowerCase());
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const keys = parseKeys(env.API_KEYS);
  const upstreamBaseUrl = parseUpstream(env.UPSTREAM_BASE_URL);
  const upstreamApiKey = env.UPSTREAM_API_KEY?.trim() || undefined;
  const mapped = !blank(env.UPSTREAM_API_KEYS);
  if (mapped && !upstreamBaseUrl) {
    throw new ConfigError('UPSTREAM_API_KEYS needs UPSTREAM_BASE_URL: it maps keys for proxy mode only.');
  }
  if (upstreamBaseUrl && !upstreamApiKey && !mapped) {
    throw new ConfigError(
      'UPSTREAM_API_KEY is required with UPSTREAM_BASE_URL: it is the key sent to the upstream ' +
        '(or give each key its own with UPSTREAM_API_KEYS=proxykey=upstreamkey,…).',
    );
  }
  const upstreamKeys = mapped
    ? parseUpstreamKeys(env.UPSTREAM_API_KEYS, keys.length ? keys : [DEFAULT_API_KEY], upstreamApiKey)
    : { map: new Map<string, string>() };
  if ('complaint' in upstreamKeys) throw new ConfigError(upstreamKeys.complaint);
  // A browser-side key equal to the upstream key would let the page hold the real key after all.
  if (upstreamApiKey && keys.includes(upstreamApiKey)) {
    throw new ConfigError(
      'API_KEYS must not contain UPSTREAM_API_KEY: the browser would then hold the upstream key. Give the dashboard its own key in API_KEYS.',
    );
  }
  let upstreamImagePrefixes: string[];
  try {
    upstreamImagePrefixes = parseImagePrefixes(env.UPSTREAM_IMAGE_PREFIX);
  } catch (err) {
    if (err instanceof ImagePrefixError) throw new ConfigError(err.message);
    throw err;
  }
  if (!blank(env.UPSTREAM_IMAGE_PREFIX) && !upstreamBaseUrl) {
    throw new ConfigError(
      'UPSTREAM_IMAGE_PREFIX needs UPSTREAM_BASE_URL: it names the prefix a proxy forwards; the local server answers at /mj.',
    );
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || '.data'),
    apiKeys: keys.length ? keys : [DEFAULT_API_KEY],
    usingDefaultKey: keys.length === 0,
    emulatorSpeed: positiveNumber('EMULATOR_SPEED', env.EMULATOR_SPEED, 1),
    upstreamBaseUrl,
    upstreamApiKey,
    upstreamKeyMap: upstreamKeys.map,
    upstreamImagePrefixes,
    upstreamTimeoutMs: positiveNumber('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 60_000),
    localFeatures: parseLocalFeatures(env.LOCAL_FEATURES),
    allowPrivateUrls: flag(env.ALLOW_PRIVATE_URLS),
    webhookSecret: env.WEBHOOK_SECRET?.trim() || undefined,
    maxUploadBytes: positiveInteger('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 2 * 1024 ** 3),
    maxJsonBytes: positiveInteger('MAX_JSON_BYTES', env.MAX_JSON_BYTES, 1024 * 1024),
    requestBodyTimeoutMs: wholeNumber('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, DEFAULT_BODY_TIMEOUT_MS),
    maxConnectionsPerAddress: wholeNumber('MAX_CONNS_PER_IP', env.MAX_CONNS_PER_IP, DEFAULT_MAX_CONNS_PER_IP),
    inboxUnclaimedKeep: wholeNumber(
      'INBOX_UNCLAIMED_KEEP',
      env.INBOX_UNCLAIMED_KEEP,
      DEFAULT_INBOX_UNCLAIMED_KEEP,
    ),
    staticDir: path.resolve(cwd, env.STATIC_DIR?.trim() || 'dist'),
    taskConcurrency: parseTaskConcurrency(env.TASK_CONCURRENCY),
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicBaseUrl: parsePublicBaseUrl(env.PUBLIC_BASE_URL),
    ffmpeg: parseFfmpegLimits(env),
  };
}

export interface FfmpegLimits {
  /** ffmpeg/ffprobe processes at once; undefined: one per core, 2 to 8. */
  slots?: number;
  /** Request-bound media calls one key may have waiting for a slot. */
  queuePerKey: number;
  /** How long a request-bound media call waits for a slot before a 503. */
  waitMs: number;
}

function wholeNumberIn(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (blank(raw)) return undefined;
  const n = Number(raw!.trim());
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  return n;
}

function parseFfmpegLimits(env: Env): FfmpegLimits {
  return {
    slots: wholeNumberIn('FFMPEG_CONCURRENCY', env.FFMPEG_CONCURRENCY, 1, 64),
    queuePerKey: wholeNumberIn('FFMPEG_KEY_QUEUE', env.FFMPEG_KEY_QUEUE, 0, 1000) ?? 4,
    waitMs: wholeNumberIn('FFMPEG_WAIT_MS', env.FFMPEG_WAIT_MS, 0, 600_000) ?? 15_000,
  };
}
