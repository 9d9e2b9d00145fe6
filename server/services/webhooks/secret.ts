import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../../config';
import type { AppContext } from '../../context';

export const SECRET_FILE = 'webhook-secret';
const PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface WebhookSecret {
  /** The HMAC key bytes. */
  key: Buffer;
  /** The secret as a receiver configures it (`whsec_<base64>`, or the raw WEBHOOK_SECRET). */
  text: string;
  source: 'env' | 'file';
  /** Where a generated secret is kept. */
  file?: string;
}

export class WebhookSecretError extends Error {
  override name = 'WebhookSecretError';
}

/**
 * `whsec_<base64>` is decoded as Standard Webhooks libraries do; any other WEBHOOK_SECRET is used
 * as raw UTF-8 bytes (receivers then pass `{ format: "raw" }` to the standardwebhooks library).
 */
export function keyFromSecretText(text: string, origin: string): Buffer {
  if (!text.startsWith(PREFIX)) return Buffer.from(text, 'utf8');
  const encoded = text.slice(PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) {
    throw new WebhookSecretError(
      `${origin} starts with "${PREFIX}" but the rest is not base64. Use whsec_ followed by base64 ` +
        '(e.g. the output of `openssl rand -base64 32`), or a secret without the whsec_ prefix.',
    );
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length < 16) throw new WebhookSecretError(`${origin} is too short: use at least 16 random bytes.`);
  return key;
}

/**
 * The signing secret: WEBHOOK_SECRET when set, else one generated on first start and kept in
 * DATA_DIR/webhook-secret (mode 0600) so that receivers keep verifying across restarts. Creation
 * uses O_EXCL, so two processes starting on one DATA_DIR end up with the same secret.
 */
export function loadWebhookSecret(config: ServerConfig): WebhookSecret {
  if (config.webhookSecret) {
    return {
      key: keyFromSecretText(config.webhookSecret, 'WEBHOOK_SECRET'),
      text: config.webhookSecret,
      source: 'env',
    };
  }
  const file = path.join(config.dataDir, SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const generated = `${PREFIX}${randomBytes(32).toString('base64')}`;
  try {
    fs.writeFileSync(file, `${generated}\n`, { flag: 'wx', mode: 0o600 });
    return { key: keyFromSecretText(generated, file), text: generated, source: 'file', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!text) {
    throw new WebhookSecretError(
      `${file} is empty. Delete it to generate a new webhook secret, or set WEBHOOK_SECRET.`,
    );
  }
  // A copy restored with a looser mode should not stay readable by other users.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { key: keyFromSecretText(text, file), text, source: 'file', file };
}

const cache = new WeakMap<AppContext, WebhookSecret>();

/** The context's secret, loaded once. */
export function webhookSecret(ctx: AppContext): WebhookSecret {
  let secret = cache.get(ctx);
  if (!secret) {
    secret = loadWebhookSecret(ctx.config);
    cache.set(ctx, secret);
  }
  return secret;
}

/** The start-up line about the secret (main.ts prints it); undefined in proxy mode, which sends none. */
export function webhookSecretNotice(ctx: AppContext): string | undefined {
  if (ctx.config.upstreamBaseUrl) return undefined;
  const secret = webhookSecret(ctx);
  return secret.source === 'env'
    ? '  webhook secret: from WEBHOOK_SECRET'
    : `  webhook secret: ${secret.text} (kept in ${secret.file}; set WEBHOOK_SECRET to choose one)`;
}
