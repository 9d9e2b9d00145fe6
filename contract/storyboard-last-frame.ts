import { z } from 'zod';

/*
 * The body of POST /local/storyboard/last-frame (README, "Local storyboard endpoints"): not part of
 * the API, so this schema is its definition. The server reads the body with it (validJson); whether
 * the URL is one it may read (http or https, this server's file or a public address) is the
 * service's check, which needs the request's origin and the URL guard.
 */
/** A chosen frame lies within a shot: no clip this server assembles lasts an hour. */
export const MAX_FRAME_AT_SEC = 3600;
const AT_MESSAGE = `at must be seconds from the start of the clip (0 to ${MAX_FRAME_AT_SEC}); leave it out for the last frame.`;

export const LastFrameRequestSchema = z.object({
  url: z
    .string({ error: "url is required: a task's result URL." })
    .trim()
    .min(1, "url is required: a task's result URL.")
    .max(4096, 'url must be at most 4096 characters'),
  /** Seconds from the start of the clip for a chosen frame; left out, the last frame (issue 42). */
  at: z.number({ error: AT_MESSAGE }).min(0, AT_MESSAGE).max(MAX_FRAME_AT_SEC, AT_MESSAGE).optional(),
});

export type LastFrameRequest = z.output<typeof LastFrameRequestSchema>;
