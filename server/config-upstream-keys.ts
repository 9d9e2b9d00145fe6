/*
 * UPSTREAM_API_KEYS (decision 359): in proxy mode, each local key may be forwarded with its own
 * upstream key, so that the upstream keeps the keys apart as it would for direct callers. Read and
 * checked at start-up; every message names entries by position, never by their keys.
 */

/** The map (local key → upstream key), or what is wrong with the setting (config.ts throws it). */
export type UpstreamKeys = { map: ReadonlyMap<string, string> } | { complaint: string };

const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * `proxykey=upstreamkey,…`, split at the first `=` of each entry (an upstream key may end in
 * base64 padding; a proxy key cannot hold `=`). Each proxy key must be one of `apiKeys`; no upstream
 * key may be one of `apiKeys` (the browser would hold it); without a shared `fallback`, every key in
 * `apiKeys` must be mapped, so that no request can find itself without an upstream identity.
 */
export function parseUpstreamKeys(
  raw: string | undefined,
  apiKeys: readonly string[],
  fallback: string | undefined,
): UpstreamKeys {
  const map = new Map<string, string>();
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const [i, entry] of entries.entries()) {
    const at = entry.indexOf('=');
    const proxyKey = at < 0 ? '' : entry.slice(0, at).trim();
    const upstreamKey = at < 0 ? '' : entry.slice(at + 1).trim();
    const n = i + 1;
    if (!proxyKey || !upstreamKey)
      return {
        complaint: `UPSTREAM_API_KEYS entry ${n} is not of the form proxykey=upstreamkey (comma-separated entries, e.g. UPSTREAM_API_KEYS=alice-key=alice-upstream-key,bob-key=bob-upstream-key).`,
      };
    if (!PRINTABLE.test(proxyKey) || !PRINTABLE.test(upstreamKey))
      return {
        complaint: `UPSTREAM_API_KEYS entry ${n} contains spaces or characters that cannot be sent in an HTTP header; use printable ASCII.`,
      };
    if (!apiKeys.includes(proxyKey))
      return {
        complaint: `UPSTREAM_API_KEYS entry ${n} maps a key that is not in API_KEYS; list every proxy key in API_KEYS too.`,
      };
    if (apiKeys.includes(upstreamKey))
      return {
        complaint: `UPSTREAM_API_KEYS entry ${n} maps to a key that is also in API_KEYS: the browser would then hold an upstream key. Give the dashboard its own key in API_KEYS.`,
      };
    const earlier = map.get(proxyKey);
    if (earlier !== undefined && earlier !== upstreamKey)
      return {
        complaint: `UPSTREAM_API_KEYS entry ${n} maps a proxy key that an earlier entry already maps to another upstream key; keep one.`,
      };
    map.set(proxyKey, upstreamKey);
  }
  if (!fallback) {
    const unmapped = apiKeys.findIndex((k) => !map.has(k));
    if (unmapped >= 0)
      return {
        complaint: `API_KEYS entry ${unmapped + 1} has no upstream key: map it in UPSTREAM_API_KEYS, or set UPSTREAM_API_KEY for the keys that are not mapped.`,
      };
  }
  return { map };
}
