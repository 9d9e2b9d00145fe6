import { useEffect, useState } from 'react';
import { afterRenderOnScreen } from '@/lib/first-paint';

/**
 * False until `ready` has been rendered and a frame painted after it, then true for good. The
 * library asks for what its first paint does not need (the groups list) only then, so that on a
 * slow link the request does not compete with the list's own paint (issue 19, decision 247).
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let live = true;
    void afterRenderOnScreen().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, [ready, painted]);
  return painted;
}
