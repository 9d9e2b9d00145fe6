import { Clapperboard, Menu, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AppNav } from '@/app/app-nav';
import { ConnectionIndicator } from '@/app/connection-indicator';
import { AppErrorBoundary } from '@/app/error-boundary';
import { PaletteHost } from '@/app/palette/palette-host';
import { RateLimitHost } from '@/app/rate-limit-host';
import { ShellPart } from '@/app/shell-part';
import { prefetchPagesWhenIdle } from '@/app/page-prefetch';
import { titleKeyForPath } from '@/app/pages';
import { RunningTasksBadge, TaskWatcher } from '@/app/task-watcher-host';
import { useBootstrap } from '@/app/use-bootstrap';
import { useConnectionStore } from '@/api/connection-store';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { retryableImport } from '@/lib/chunk-retry';
import { cn } from '@/lib/cn';
import { useTranslation, withNamespaces } from '@/lib/i18n';
import { useOpenTaskAfterPaint } from '@/lib/open-task-signal';
import { useScrollRestoration } from '@/lib/use-scroll-restoration';

// Only a server with its own keys needs it: not part of the first load, nor are its strings.
// The test-faults badge (and the fault switch's query) comes once the first page has settled, as
// the task watcher: the library's first open has no bytes to spare for it (decision 296).
const loadFaultsBadge = retryableImport(() => import('@/app/faults-badge'));
const faultsBadge = () => loadFaultsBadge().then((m) => m.FaultsBadge);

const KeyPrompt = lazy(
  withNamespaces(() => import('@/app/key-prompt').then((m) => ({ default: m.KeyPrompt })), ['key-prompt']),
);

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16 text-muted-foreground">
      <Spinner label={t('loading')} size="lg" />
    </div>
  );
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const titleKey = titleKeyForPath(useLocation().pathname);
  const title = titleKey ? `${t(titleKey)} · ${t('appName')}` : t('appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function Shell({
  children,
  header,
  tasksBadge,
}: {
  children: ReactNode;
  header?: ReactNode;
  tasksBadge?: ReactNode;
}) {
  const { t } = useTranslation();
  // Below md the navigation folds into a menu: six links in a row do not fit a phone's width.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    // A page marked data-fill-screen (the playground's chat) fills the window and scrolls inside
    // itself: the shell then takes exactly the window's height (decision 300).
    <div className="relative flex min-h-screen flex-col md:flex-row has-[[data-fill-screen]]:h-dvh has-[[data-fill-screen]]:min-h-0 has-[[data-fill-screen]]:overflow-hidden">
      <a
        href="#main"
        onClick={(e) => {
          // Focus without adding #main to the URL (URLs are shareable state).
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <aside className="flex shrink-0 flex-col gap-2 border-b bg-sidebar p-2 md:sticky md:gap-4 md:p-3 md:top-0 md:h-screen md:w-56 md:border-b-0 md:border-r">
        <div className="flex items-center justify-between gap-2">
          <Link
            to="/assets"
            className="flex items-center gap-2 rounded-md px-2 py-1 text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Clapperboard aria-hidden="true" className="size-5 text-primary" />
            <span className="max-sm:sr-only">{t('appName')}</span>
          </Link>
          <Button
            variant="ghost"
            size="icon-sm"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="app-nav"
            aria-label={t('nav.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
        <AppNav
          id="app-nav"
          className={cn(!menuOpen && 'max-md:hidden')}
          onNavigate={() => setMenuOpen(false)}
          tasksBadge={tasksBadge}
        />
      </aside>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {/* Below md the tools sit in the logo row, left of the menu button: one row of header on a phone. */}
        <header className="flex items-center justify-end gap-1.5 max-md:absolute max-md:top-0 max-md:right-11 max-md:h-12 md:flex-wrap md:gap-3 md:border-b md:px-4 md:py-2 lg:px-8">
          <PaletteHost />
          {header}
          <LanguageSelect />
          <ThemeToggle />
        </header>
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 pt-6 pb-[calc(1.5rem+var(--upload-tray-space,0px))] focus:outline-none lg:px-8 has-[[data-fill-screen]]:flex has-[[data-fill-screen]]:min-h-0 has-[[data-fill-screen]]:flex-col has-[[data-fill-screen]]:pb-4 max-md:has-[[data-fill-screen]]:pt-3"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

/**
 * The shell: navigation, connection status, language and theme, and the page. Pages render only
 * once the connection is known (see useBootstrap), inside an error boundary that keeps the shell
 * usable when a page crashes.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const { bootstrap, ready } = useBootstrap();
  const hasKey = useConnectionStore((s) => s.apiKey !== '');
  useDocumentTitle();
  useScrollRestoration();
  const page = pathname.split('/')[1];
  // Without a key every page but Settings would only collect 401s: ask for the key in its place.
  const needsKey = ready && !hasKey && page !== 'settings';
  const queryClient = useQueryClient();
  // The task watcher (polling on every page, decision 180) loads once the first page has settled,
  // or sooner for an open task (decision 256): never part of the first load.
  const [settled, setSettled] = useState(false);
  useEffect(
    () =>
      ready
        ? prefetchPagesWhenIdle({
            currentPath: window.location.pathname,
            isBusy: () => queryClient.isFetching() > 0,
            onSettled: () => setSettled(true),
          })
        : undefined,
    [ready, queryClient],
  );
  // A task to follow (one just created, or restored by the page) starts it at once, after the
  // first paint: its end must not wait for the page to settle (seconds on a phone).
  const openTask = useOpenTaskAfterPaint();
  const watch = (settled || openTask) && hasKey;
  return (
    <Shell
      header={
        <>
          {watch && bootstrap?.mode === 'local' && <ShellPart load={faultsBadge} />}
          <ConnectionIndicator bootstrap={bootstrap} enabled={ready} />
        </>
      }
      tasksBadge={watch ? <RunningTasksBadge /> : undefined}
    >
      {watch && <TaskWatcher />}
      <RateLimitHost />
      {ready ? (
        // Navigations run in a transition (React Router), so while the next page's code loads the
        // current page stays on screen; the fallback shows only on the very first render.
        <AppErrorBoundary resetKey={page}>
          <Suspense fallback={<PageLoading />}>{needsKey ? <KeyPrompt /> : <Outlet />}</Suspense>
        </AppErrorBoundary>
      ) : (
        <PageLoading />
      )}
    </Shell>
  );
}
