/**
 * Where "edit and re-run" opens a task of a kind: videos in the composer, digital-human and music
 * tasks in their forms on the "new task" page. An unknown kind goes to the composer, which
 * rebuilds what it can. Undefined for kinds no page of the dashboard creates.
 */
export function rerunPath(kind: string | undefined, taskId: string): string | undefined {
  // Image and resource tasks are made through the API only: the dashboard has no form to edit them in.
  if (kind === 'image' || kind === 'resource') return undefined;
  const from = `?from=${encodeURIComponent(taskId)}`;
  if (kind === 'music') return `/create/music${from}`;
  if (kind === 'digital_human_video' || kind === 'digital_human_audio') return `/create/digital-human${from}`;
  return `/composer${from}`;
}
