import {
  DEFAULT_VIDEO_RESOLUTION,
  resolutionDimensions,
  VIDEO_DURATION,
  VIDEO_RESOLUTIONS,
  type VideoResolution,
} from './models';
import { effectiveRatio, hasVideoInput } from './video-rules';

/**
 * Token usage of a video task on the local server (decision 031), shared by the server (which
 * bills it) and the dashboard (which estimates it before sending). The specification bills the
 * video line by tokens, with one rule for requests with video input and another without, and
 * leaves the numbers open: a deployment sets its own prices outside the API. Locally: the token
 * count of the common "pixels × frames / 1024" formula over the output, doubled when the request
 * has video input (reading and following a video costs about as much again as making one).
 * Deterministic, so a client can check it.
 */
export const TOKEN_PIXEL_DIVISOR = 1024;
export const VIDEO_INPUT_FACTOR = 2;
/** Frames per second of the local server's rendered videos. */
export const LOCAL_VIDEO_FPS = 24;

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

/**
 * The usage.total_tokens the local server will report for a POST /v1/videos body, or undefined
 * while the body is not one it would take (a duration or resolution it refuses). Defaults are the
 * server's: 5 s, 720p, 16:9.
 */
export function estimateVideoTokens(
  body: { duration?: unknown; resolution?: unknown; ratio?: string; aspect_ratio?: string },
  assetTypeOf?: (assetId: string) => string | undefined,
): number | undefined {
  const duration = body.duration ?? VIDEO_DURATION.default;
  if (typeof duration !== 'number' || !Number.isInteger(duration)) return undefined;
  if (duration < VIDEO_DURATION.min || duration > VIDEO_DURATION.max) return undefined;
  const resolution = body.resolution ?? DEFAULT_VIDEO_RESOLUTION;
  if (!(VIDEO_RESOLUTIONS as readonly unknown[]).includes(resolution)) return undefined;
  const { width, height } = resolutionDimensions(resolution as VideoResolution, effectiveRatio(body));
  return videoTotalTokens({
    width,
    height,
    fps: LOCAL_VIDEO_FPS,
    durationSec: duration,
    hasVideoInput: hasVideoInput(body, assetTypeOf),
  });
}
