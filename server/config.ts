import path from 'node:path';

/** The start-up contract of LOCAL_API.md, read once from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  apiKeys: string[];
  /** True when API_KEYS was not set and the built-in development key is in use. */
  usingDefaultKey: boolean;
  emulatorSpeed: number;
  upstreamBaseUrl?: string;
  upstreamApiKey?: string;
  webhookSecret?: string;
  maxUploadBytes: number;
  /** Largest JSON body accepted on API routes. */
  maxJsonBytes: number;
  /** Directory of the built dashboard (vite build output). */
  staticDir: string;
}

export const DEFAULT_API_KEY = 'sk-local-dev';

export class ConfigError extends Error {}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const keys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const port = positiveNumber('PORT', env.PORT, 8787);
  if (!Number.isInteger(port) || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || '.data'),
    apiKeys: keys.length ? keys : [DEFAULT_API_KEY],
    usingDefaultKey: keys.length === 0,
    emulatorSpeed: positiveNumber('EMULATOR_SPEED', env.EMULATOR_SPEED, 1),
    upstreamBaseUrl: env.UPSTREAM_BASE_URL?.trim().replace(/\/+$/, '') || undefined,
    upstreamApiKey: env.UPSTREAM_API_KEY?.trim() || undefined,
    webhookSecret: env.WEBHOOK_SECRET?.trim() || undefined,
    maxUploadBytes: positiveNumber('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 2 * 1024 ** 3),
    maxJsonBytes: positiveNumber('MAX_JSON_BYTES', env.MAX_JSON_BYTES, 1024 * 1024),
    staticDir: path.resolve(cwd, env.STATIC_DIR?.trim() || 'dist'),
  };
}
