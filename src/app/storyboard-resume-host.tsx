import { useEffect, useState } from 'react';
import { retryableImport } from '@/lib/chunk-retry';
import { ShellPart } from '@/app/shell-part';

// The storyboard page's chunk: the runner lives there, and a second entry would reshape shared chunks.
const resumeChunk = retryableImport(() => import('@/features/storyboard/storyboard-page'));
const loadResume = () => resumeChunk().then((m) => m.StoryboardResume);

/**
 * Closing the tab mid-run loses nothing (issue 32): at start the shell asks IndexedDB whether a
 * storyboard was kept mid-run and, only then, loads the storyboard's runner to go on with it, on
 * whatever page is open. Neither is part of the first load.
 */
export function StoryboardResumeHost() {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let live = true;
    void import('@/lib/storyboard/storyboard-storage')
      .then((m) => m.runningStoryboardIds())
      .then((ids) => live && ids.length > 0 && setPending(true))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return pending ? <ShellPart load={loadResume} /> : null;
}
