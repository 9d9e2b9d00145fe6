/** Unix seconds, the unit of every `created_at`/`updated_at` the API shows. */
export const toUnixSeconds = (ms: number) => Math.floor(ms / 1000);
