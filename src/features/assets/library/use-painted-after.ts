import { useEffect, useState } from 'react';
import { afterRenderOnScreen } from '@/lib/first-paint';

/**
 * False until `ready` has been rendered and that render is on the screen (afterRenderOnScreen),
 * then true for good. The library asks for what its first paint does not need (the groups list)
 * only then, so that on a slow link the request does not come before the list's own paint, the
 * LCP (issue 19, decision 247).
 */
export function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  // A late resolve after unmount sets the state of nothing: React ignores it.
  useEffect(() => {
    if (ready) void afterRenderOnScreen().then(() => setPainted(true));
  }, [ready]);
  return painted;
}
