/**
 * Simulated timing of tasks at EMULATOR_SPEED 1 (LOCAL_API.md: about 2 s queued and 8-20 s
 * running; decision 032). Every value is divided by the speed when used.
 */
export const PENDING_MS = 400;
export const SUBMITTED_MS = 1600;
export const MIN_RUN_MS = 8000;
export const MAX_RUN_MS = 20_000;

const RESOLUTION_EXTRA_MS: Record<string, number> = { '480p': 0, '720p': 2000, '1080p': 4000 };

/**
 * Running time of a video task: 8 s for the shortest 480p video, longer with duration (up to +8 s
 * at 15 s) and resolution (+2 s at 720p, +4 s at 1080p), so a 15 s 1080p video takes 20 s. Longer
 * and larger outputs take longer, as they do on a real service, and the same request always takes
 * the same time.
 */
export function videoRunMs(durationSec: number, resolution: string): number {
  const byDuration = (Math.min(15, Math.max(4, durationSec)) - 4) * (8000 / 11);
  const ms = MIN_RUN_MS + byDuration + (RESOLUTION_EXTRA_MS[resolution] ?? 0);
  return Math.round(Math.min(MAX_RUN_MS, ms));
}

/** Running time at EMULATOR_SPEED 1 within the 8-20 s of LOCAL_API.md (decision 065). */
export function boundedRunMs(ms: number): number {
  return Math.round(Math.min(MAX_RUN_MS, Math.max(MIN_RUN_MS, ms)));
}
