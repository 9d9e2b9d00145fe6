/**
 * GET /bootstrap (no key needed): tells the dashboard which server it talks to. `default_api_key` is
 * present only when the server is bound to loopback and still uses the default key, so that a first
 * open works without setup and nothing secret is ever handed out.
 *
 * Parsed by hand rather than with zod: the dashboard's shell reads it before any page, and keeping
 * a schema library out of the shell keeps the first load small (decision 006).
 */
export interface Bootstrap {
  object: 'bootstrap';
  service: string;
  version: string;
  mode: 'local' | 'proxy';
  /** Proxy mode, and only when the request carried a valid key: the upstream's full base URL. */
  upstream_base_url?: string;
  /** Proxy mode: host (and port) of the upstream, what the dashboard's header names. */
  upstream_host?: string;
  /** Proxy mode: emulated parts still on (LOCAL_FEATURES), e.g. `inbox`. */
  local_features?: string[];
  default_api_key?: string;
  /** Where this origin answers `GET <prefix>/task/{id}/fetch`: `/mj` locally, UPSTREAM_IMAGE_PREFIX by proxy. */
  image_service_prefixes?: string[];
  emulator_speed?: number;
  /** Our server's extra: which ffmpeg/ffprobe it renders and probes with (no paths: no key is needed here). */
  media_tools?: Record<string, BootstrapMediaTool>;
  [extra: string]: unknown;
}

export interface BootstrapMediaTool {
  version: string;
  /** `env` (FFMPEG_PATH/FFPROBE_PATH), `path` (found on PATH) or `bundled` (the 2018 static build). */
  source: string;
}

function isMediaTools(value: unknown): value is Record<string, BootstrapMediaTool> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (t) =>
      typeof t === 'object' &&
      t !== null &&
      typeof (t as BootstrapMediaTool).version === 'string' &&
      typeof (t as BootstrapMediaTool).source === 'string',
  );
}

export const BOOTSTRAP_SERVICE = 'media-studio-local';

export type BootstrapParse = { success: true; data: Bootstrap } | { success: false; error: string };

/** Never throws. Unknown fields pass through; optional fields of the wrong type are dropped. */
export function safeParseBootstrap(value: unknown): BootstrapParse {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { success: false, error: 'bootstrap must be a JSON object' };
  }
  const v = value as Record<string, unknown>;
  if (typeof v.service !== 'string') return { success: false, error: 'bootstrap.service must be a string' };
  if (typeof v.version !== 'string') return { success: false, error: 'bootstrap.version must be a string' };
  if (v.mode !== 'local' && v.mode !== 'proxy') {
    return { success: false, error: 'bootstrap.mode must be local or proxy' };
  }
  const data: Bootstrap = { ...v, object: 'bootstrap', service: v.service, version: v.version, mode: v.mode };
  for (const key of ['upstream_base_url', 'upstream_host', 'default_api_key'] as const) {
    if (typeof v[key] !== 'string') delete data[key];
  }
  if (!Array.isArray(v.local_features) || !v.local_features.every((f) => typeof f === 'string')) {
    delete data.local_features;
  }
  if (
    !Array.isArray(v.image_service_prefixes) ||
    !v.image_service_prefixes.every((f) => typeof f === 'string')
  ) {
    delete data.image_service_prefixes;
  }
  if (typeof v.emulator_speed !== 'number' || !Number.isFinite(v.emulator_speed)) delete data.emulator_speed;
  if (!isMediaTools(v.media_tools)) delete data.media_tools;
  return { success: true, data };
}

/** Like safeParseBootstrap, but throws a TypeError naming the problem. */
export function parseBootstrap(value: unknown): Bootstrap {
  const r = safeParseBootstrap(value);
  if (!r.success) throw new TypeError(r.error);
  return r.data;
}
