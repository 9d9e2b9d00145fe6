/**
 * The batches running in this browser, as ids in localStorage: the shell reads it synchronously at
 * start (no IndexedDB opened, nothing loaded) and loads the batch runner only when one is listed,
 * so a reload or a closed tab resumes the run on whatever page opens (issue 45).
 */
// Read by src/app/batch-resume-host.tsx under the same name: a module shared by the shell's watcher
// and this page would be a chunk of its own, one more name in the first load.
export const RUNNING_KEY = 'media-studio.batches-running';
const KEY = RUNNING_KEY;

export function runningBatchIds(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function markBatchRunning(id: string, running: boolean): void {
  const ids = runningBatchIds();
  if (ids.includes(id) === running) return;
  const next = running ? [...ids, id] : ids.filter((x) => x !== id);
  try {
    if (next.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the run goes on in this tab, it is only not resumed after a reload.
  }
}
