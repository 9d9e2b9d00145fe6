/**
 * Token usage of a video task (decision 031). The specification bills the video line by
 * tokens, with one rule for requests with video input and another without, and leaves the numbers
 * open. Locally: the token count of the common "pixels × frames / 1024" formula over the output,
 * doubled when the request has video input (reading and following a video costs about as much
 * again as making one). Deterministic, so a client can check it.
 */
export const TOKEN_PIXEL_DIVISOR = 1024;
export const VIDEO_INPUT_FACTOR = 2;

export function videoTotalTokens(input: {
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  hasVideoInput: boolean;
}): number {
  const base = Math.round((input.width * input.height * input.fps * input.durationSec) / TOKEN_PIXEL_DIVISOR);
  return input.hasVideoInput ? base * VIDEO_INPUT_FACTOR : base;
}
