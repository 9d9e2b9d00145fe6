import { z } from 'zod';

/**
 * GET /bootstrap (no key needed): tells the dashboard which server it talks to. `default_api_key` is
 * present only when the server is bound to loopback and still uses the default key, so that a first
 * open works without setup and nothing secret is ever handed out.
 */
export const BootstrapSchema = z.looseObject({
  object: z.literal('bootstrap').catch('bootstrap'),
  service: z.literal('media-studio-local').or(z.string()),
  version: z.string(),
  mode: z.enum(['local', 'proxy']),
  upstream_base_url: z.string().optional(),
  default_api_key: z.string().optional(),
  emulator_speed: z.number().optional(),
});
export type Bootstrap = z.infer<typeof BootstrapSchema>;

export const BOOTSTRAP_SERVICE = 'media-studio-local';
