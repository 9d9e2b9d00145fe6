import type { Watched } from './runner-deps';

/**
 * For tests: a watch that reads `read(id)` again on every macrotask (as a query's poll would) and
 * tells each answer or error, until stopped. Counts the reads still going: a runner that never
 * stops watching fails the test that checks `active()`.
 */
export function fakeWatch<T>(read: (id: string) => T | Promise<T>) {
  let active = 0;
  const watch = (id: string, seen: (w: Watched<T>) => void): (() => void) => {
    let stopped = false;
    active += 1;
    void (async () => {
      while (!stopped) {
        try {
          const data = await read(id);
          if (!stopped) seen({ data });
        } catch (error) {
          if (!stopped) seen({ error });
        }
        await new Promise((r) => setTimeout(r, 0));
      }
    })();
    return () => {
      if (!stopped) active -= 1;
      stopped = true;
    };
  };
  return Object.assign(watch, { active: () => active });
}
