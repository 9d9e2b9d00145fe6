import { useQueries } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, ChevronUp, CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { assetQueries } from '@/api/assets';
import { formatBytes } from '../format';
import { readinessLabel } from '../readiness';
import { UNUSABLE_READINESS, UploadRow } from './upload-row';
import type { UploadItem } from './upload-queue';
import { finishedCounts, splitDuration, uploadStats } from './upload-stats';
import { uploadQueueActions, useUploadItems } from './use-upload-queue';

/**
 * The upload tray: a compact panel pinned to the bottom of the window, so the library keeps its
 * place however many files are dropped. Overall progress, speed and time left in its header; the
 * files that need a decision (running, failed, cancelled) in view; finished ones fold into one line
 * that expands to show each file's readiness (decision 076). `onEmptied`: clearing the last files
 * removed the tray (and the button that had focus).
 */
export function UploadList({ onEmptied }: { onEmptied?: () => void }) {
  const { t, i18n } = useTranslation(['upload', 'assets']);
  const items = useUploadItems();
  const [showDone, setShowDone] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const doneListId = useId();
  const bodyId = useId();
  const now = useTicker(items.some((i) => i.status === 'uploading'));
  const dock = useDockedHeight();
  const unusable = useUnusableUploads(items);
  if (items.length === 0) return null;
  // An upload that ended unusable (disabled, failed preparation or review), or that the deployment
  // put in another group than asked, needs a decision: it stays in view with the running and failed
  // ones, its row saying why, never folded into "uploaded".
  const isDone = (i: (typeof items)[number]) =>
    i.status === 'succeeded' && !i.placedIn && !unusable.has(i.id);
  const done = items.filter(isDone);
  const open = items.filter((i) => !isDone(i));
  const finished = items.some((i) => i.status !== 'queued' && i.status !== 'uploading');
  const stats = uploadStats(items, now);
  const title = t('queueTitle', { count: items.length });
  const percent = stats.totalBytes > 0 ? (stats.sentBytes / stats.totalBytes) * 100 : 100;
  const locale = i18n.language;
  const overall =
    stats.active > 0
      ? [
          t('overall', {
            sent: formatBytes(stats.sentBytes, locale),
            total: formatBytes(stats.totalBytes, locale),
          }),
          stats.bytesPerSecond !== undefined
            ? t('speed', { speed: formatBytes(stats.bytesPerSecond, locale) })
            : undefined,
          stats.secondsLeft !== undefined
            ? t(`left.${splitDuration(stats.secondsLeft).unit}`, {
                count: splitDuration(stats.secondsLeft).value,
              })
            : undefined,
        ]
          .filter(Boolean)
          .join(' · ')
      : finishedSummary(t, items, unusable.size);
  return (
    <section
      ref={dock}
      aria-label={title}
      className="fixed right-2 bottom-2 left-2 z-40 flex max-h-[70vh] flex-col rounded-lg border bg-background shadow-lg sm:left-auto sm:w-96"
    >
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-medium">{title}</h2>
          <p className="truncate text-xs text-muted-foreground" aria-live="polite">
            {overall}
          </p>
        </div>
        {finished && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              uploadQueueActions.clearFinished();
              // The tray goes with its last file: focus must not fall to <body> with it.
              if (!items.some((i) => i.status === 'queued' || i.status === 'uploading')) onEmptied?.();
            }}
          >
            {t('clearFinished')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-label={collapsed ? t('expand') : t('collapse')}
          onClick={() => setCollapsed((v) => !v)}
        >
          {collapsed ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
        </Button>
      </div>
      <Progress size="strip" label={t('overallLabel')} value={percent} />
      <div id={bodyId} hidden={collapsed} className="space-y-2 overflow-y-auto p-2">
        {open.length > 0 && (
          <ul className="space-y-2" aria-label={t('openTitle')}>
            {open.map((item) => (
              <UploadRow key={item.id} item={item} />
            ))}
          </ul>
        )}
        {done.length > 0 && (
          <div className="rounded-md border text-sm">
            <button
              type="button"
              className="flex w-full items-center gap-2 px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-expanded={showDone}
              aria-controls={doneListId}
              onClick={() => setShowDone((v) => !v)}
            >
              {showDone ? (
                <ChevronDown aria-hidden className="size-4" />
              ) : (
                <ChevronRight aria-hidden className="size-4" />
              )}
              <CircleCheck aria-hidden className="size-4 text-success" />
              <span>{t('doneSummary', { count: done.length })}</span>
            </button>
            {showDone && (
              <ul id={doneListId} className="space-y-2 p-2 pt-0" aria-label={t('doneTitle')}>
                {done.map((item) => (
                  <UploadRow key={item.id} item={item} />
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The uploaded items whose asset cannot be used, read from the rows' own readiness queries (the
 * same query keys: no request of its own).
 */
function useUnusableUploads(items: UploadItem[]): ReadonlySet<string> {
  const uploaded = items.filter((i) => i.status === 'succeeded' && i.assetId);
  const results = useQueries({
    queries: uploaded.map((i) => assetQueries.detail(i.assetId!, i.placedIn ?? i.fields.group_id ?? '')),
  });
  const ids = new Set<string>();
  results.forEach((r, n) => {
    if (r.data && UNUSABLE_READINESS.has(readinessLabel(r.data))) ids.add(uploaded[n]!.id);
  });
  return ids;
}

/** Re-renders every second while something uploads, so speed and time left keep moving. */
function useTicker(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The tray's line once nothing is running: what was sent and what was not, never "all done" over
 * a failed file.
 */
function finishedSummary(t: TFunction, items: UploadItem[], unusable: number): string {
  const { sent, failed, cancelled } = finishedCounts(items);
  return [
    t(failed || cancelled || unusable ? 'sentCount' : 'allDone', { count: sent }),
    unusable ? t('unusableCount', { count: unusable }) : undefined,
    failed ? t('failedCount', { count: failed }) : undefined,
    cancelled ? t('cancelledCount', { count: cancelled }) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Narrower than this beside the tray, the pager would wrap: it stacks on the tray instead. */
const PAGER_ROOM = 360;
const TRAY_VARS = ['--upload-tray-space', '--tray-pad', '--tray-side'] as const;

/**
 * While the tray shows, the page keeps its height (and margin) as room at its end
 * (`--upload-tray-space`), so the last row of the grid scrolls clear of it. The library's pager
 * docks where no thumbnail can show beneath it (issue 43 §4): at the window's foot, leaving the
 * tray's width on its right (`--tray-side`), where the tray is a box in the corner; on the tray,
 * where the tray takes the width, its bottom padding (`--tray-pad`) filling the band under the tray.
 */
function useDockedHeight() {
  return useCallback((el: HTMLElement | null) => {
    const root = document.documentElement;
    const clear = () => TRAY_VARS.forEach((name) => root.style.removeProperty(name));
    if (!el) {
      clear();
      return;
    }
    const update = () => {
      const space = Math.ceil(el.offsetHeight) + 8;
      const left = el.getBoundingClientRect().left;
      const beside = left >= PAGER_ROOM;
      root.style.setProperty('--upload-tray-space', `${space}px`);
      // The pager's own 0.5rem below its buttons, plus the tray's room when it sits on the tray.
      root.style.setProperty('--tray-pad', beside ? '.5rem' : `calc(.5rem + ${space}px)`);
      root.style.setProperty('--tray-side', beside ? `${Math.ceil(window.innerWidth - left)}px` : '0');
    };
    update();
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : undefined;
    observer?.observe(el);
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
      clear();
    };
  }, []);
}
