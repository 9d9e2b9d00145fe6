import { retryableImport } from '@/lib/chunk-retry';
import { ShellPart } from '@/app/shell-part';

// The batches page's chunk: the runner lives there (as the storyboard's resume loads its page).
const resumeChunk = retryableImport(() => import('@/features/batches/batches-page'));
const loadResume = () => resumeChunk().then((m) => m.BatchResume);

/** features/batches/batch-active.ts's RUNNING_KEY: the ids of the batches kept running. */
const RUNNING_KEY = 'media-studio.batches-running';

function anyRunning(): boolean {
  try {
    return (localStorage.getItem(RUNNING_KEY) ?? '[]') !== '[]';
  } catch {
    return false;
  }
}

/**
 * A batch kept running survives a reload or a closed tab (issue 45): the shell reads a list in
 * localStorage (no IndexedDB opened) and only then loads the batch runner, on whatever page is open.
 */
export function BatchResumeHost() {
  return anyRunning() ? <ShellPart load={loadResume} /> : null;
}
