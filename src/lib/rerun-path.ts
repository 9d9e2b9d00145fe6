/**
 * Where "edit and re-run" opens a task of a kind: videos in the composer, digital-human and music
 * tasks in their forms on the "new task" page. An unknown kind goes to the composer, which
 * rebuilds what it can.
 */
export function rerunPath(kind: string | undefined, taskId: string): string {
  const from = `?from=${encodeURIComponent(taskId)}`;
  if (kind === 'music') return `/create/music${from}`;
  if (kind === 'digital_human_video' || kind === 'digital_human_audio') return `/create/digital-human${from}`;
  return `/composer${from}`;
}
