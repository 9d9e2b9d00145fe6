import { useSyncExternalStore } from 'react';
import { currentWarming, subscribeWarming } from '@/app/page-warming';
import { ShellPart } from '@/app/shell-part';
import { retryableImport } from '@/lib/chunk-retry';

const loadWarmer = retryableImport(() => import('@/app/page-warmer'));
const warmer = () => loadWarmer().then((m) => m.PageWarmer);

let asked = false;
const hasAsked = () => (asked ||= currentWarming() !== null);

/**
 * Mounts the hidden pre-renderer (page-warmer.tsx) once the first page is warmed, and keeps it: its
 * code is not part of the first open, which it follows by seconds (decision 101).
 */
export function PageWarmerHost() {
  const needed = useSyncExternalStore(subscribeWarming, hasAsked, () => false);
  return needed ? <ShellPart load={warmer} /> : null;
}
