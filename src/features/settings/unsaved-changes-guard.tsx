import { Suspense, useEffect } from 'react';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { useNavigationBlocker } from '@/lib/navigation-guard';

// Radix's dialog code is fetched once there is something to lose, not with the page.
const LeaveUnsavedDialog = lazyWithPreload(() =>
  import('@/features/settings/leave-unsaved-dialog').then((m) => m.LeaveUnsavedDialog),
);

/**
 * While `dirty`, leaving asks first. Reloading or closing the tab: the browser's own prompt
 * (beforeunload, the only thing a page may do there). Following a link, the palette, or the
 * browser's Back and Forward: an in-page dialog, "stay" or "leave" (the app's guarded history holds
 * the navigation meanwhile, src/lib/navigation-guard.ts). Changes within the page (its query string)
 * are not leaving.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useNavigationBlocker(dirty, ({ current, next }) => current.pathname !== next.pathname);
  useEffect(() => {
    if (!dirty) return;
    LeaveUnsavedDialog.preload();
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <LeaveUnsavedDialog onStay={blocker.reset} onLeave={blocker.proceed} />
    </Suspense>
  );
}
