import type { Page } from '@playwright/test';

/**
 * The Web Locks of runs of `kind` as the browser holds them (src/lib/run-lock.ts): one held and one
 * pending means a tab runs it and another waits its turn. A waiting tab cannot send anything until
 * the holder lets go, so this is how a test proves a second tab sends nothing without waiting a
 * while to see.
 */
export function runLocks(
  page: Page,
  kind: 'batch' | 'storyboard',
): Promise<{ held: number; pending: number }> {
  return page.evaluate(async (prefix) => {
    const { held = [], pending = [] } = await navigator.locks.query();
    const count = (locks: LockInfo[]) => locks.filter((l) => l.name?.startsWith(prefix)).length;
    return { held: count(held), pending: count(pending) };
    // runLockName's form.
  }, `media-studio.${kind}-run:`);
}
