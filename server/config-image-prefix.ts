import { quoted } from '@contract/quoted';

/**
 * UPSTREAM_IMAGE_PREFIX (decision 378): the image service's prefix(es) a proxy forwards. The
 * specification leaves `/<image-service-prefix>/task/{id}/fetch` to each deployment; the browser
 * keeps its own setting, which this server cannot read, so the operator names the upstream's here.
 */

/** What the local server serves and what a proxy forwards when nothing is configured. */
export const DEFAULT_IMAGE_PREFIX = '/mj';

/** A few are enough for a gateway in front of more than one image service. */
const MAX_PREFIXES = 8;

/**
 * This server's own top-level paths: a prefix there would take requests meant for it (and, with
 * the key, for the upstream's /v1 under another name).
 */
const RESERVED = new Set([
  'v1',
  'api',
  'files',
  'upstream-files',
  'local',
  'webhooks',
  'healthz',
  'bootstrap',
  'assets',
]);

/** Plain unreserved characters only: nothing a URL parser or an upstream could decode into a separator. */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

export class ImagePrefixError extends Error {}

/** `/mj`, or each comma-separated prefix, normalised to `/a/b`; throws naming the entry to fix. */
export function parseImagePrefixes(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [DEFAULT_IMAGE_PREFIX];
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length > MAX_PREFIXES)
    throw new ImagePrefixError(
      `UPSTREAM_IMAGE_PREFIX names at most ${MAX_PREFIXES} prefixes, got ${entries.length}.`,
    );
  const out: string[] = [];
  for (const entry of entries) {
    const segments = entry.replace(/^\/+|\/+$/g, '').split('/');
    const bad = segments.find((s) => !SEGMENT.test(s) || s === '.' || s === '..');
    if (!entry.startsWith('/') || bad !== undefined)
      throw new ImagePrefixError(
        `UPSTREAM_IMAGE_PREFIX entry ${quoted(entry)} must be a path such as /mj or /image/v2: it starts with / and its segments use only letters, digits, "-", "_", "~" and ".".`,
      );
    if (RESERVED.has(segments[0]!.toLowerCase()))
      throw new ImagePrefixError(
        `UPSTREAM_IMAGE_PREFIX entry "${entry}" starts with /${segments[0]}, one of this server's own paths. Use the image service's own prefix, e.g. /mj.`,
      );
    const prefix = `/${segments.join('/')}`;
    if (!out.includes(prefix)) out.push(prefix);
  }
  return out;
}

/**
 * The id of `<prefix>/task/<id>/fetch` when `rawPath` (still percent-encoded) has exactly that
 * shape under one of `prefixes`, else undefined. Nothing else under a prefix is forwarded.
 */
export function imageFetchPath(prefixes: readonly string[], rawPath: string): string | undefined {
  for (const prefix of prefixes) {
    if (!rawPath.startsWith(`${prefix}/task/`)) continue;
    const rest = rawPath.slice(prefix.length + '/task/'.length);
    const match = /^([^/]+)\/fetch$/.exec(rest);
    if (match) return match[1];
  }
  return undefined;
}
