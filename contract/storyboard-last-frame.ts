import { z } from 'zod';

/*
 * The body of POST /local/storyboard/last-frame (README, "Local storyboard endpoints"): not part of
 * the API, so this schema is its definition. The server reads the body with it (validJson); whether
 * the URL is one it may read (http or https, this server's file or a public address) is the
 * service's check, which needs the request's origin and the URL guard.
 */
export const LastFrameRequestSchema = z.object({
  url: z
    .string({ error: "url is required: a task's result URL." })
    .trim()
    .min(1, "url is required: a task's result URL.")
    .max(4096, 'url must be at most 4096 characters'),
});

export type LastFrameRequest = z.output<typeof LastFrameRequestSchema>;
