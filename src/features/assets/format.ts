// Sizes are formatted alike here and in the server's messages (contract/format-bytes.ts).
export { formatBytes } from '@contract/format-bytes';

/** Seconds as m:ss, or an em dash when the media has no duration. */
export function formatDuration(seconds: number | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}
