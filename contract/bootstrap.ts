import * as z from 'zod/mini';

/**
 * GET /bootstrap (no key needed): tells the dashboard which server it talks to. `default_api_key` is
 * present only when the server is bound to loopback and still uses the default key, so that a first
 * open works without setup and nothing secret is ever handed out.
 */
export const BootstrapSchema = z.looseObject({
  object: z.catch(z.literal('bootstrap'), 'bootstrap'),
  service: z.union([z.literal('media-studio-local'), z.string()]),
  version: z.string(),
  mode: z.enum(['local', 'proxy']),
  upstream_base_url: z.optional(z.string()),
  default_api_key: z.optional(z.string()),
  emulator_speed: z.optional(z.number()),
});
export type Bootstrap = z.infer<typeof BootstrapSchema>;

export const BOOTSTRAP_SERVICE = 'media-studio-local';
