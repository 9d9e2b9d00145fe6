import { useEffect, useRef } from 'react';

/**
 * A blob: URL for the latest audio: the previous one is revoked when replaced, the last one when
 * the tool goes away, so repeated runs do not keep every clip in memory.
 */
export function useObjectUrl(): (blob: Blob) => string {
  const current = useRef<string>(undefined);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = undefined;
    },
    [],
  );
  return (blob: Blob) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = URL.createObjectURL(blob);
    return current.current;
  };
}
