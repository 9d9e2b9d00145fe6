import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changing at most once per `everyMs`: a change after a quiet spell comes on the next
 * tick, the changes of a burst as its latest value once the time since the last one is up.
 */
export function useThrottledValue<T>(value: T, everyMs: number): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const timer = setTimeout(
      () => {
        lastAt.current = Date.now();
        setShown(value);
      },
      Math.max(0, lastAt.current + everyMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [value, shown, everyMs]);
  return shown;
}
