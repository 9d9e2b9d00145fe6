import { Columns2, Images, ScanEye } from 'lucide-react';
import { Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useConnectionStore } from '@/api/connection-store';
import type { TrackedTask } from '@/api/task-registry';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import { filterGallery, modelsOf, useGalleryFilters } from './gallery-filters';
import { GalleryGrid } from './gallery-grid';
import { useRatings } from '../ratings/ratings-store';
import { variantsByTask } from '../task-batches';
import { GalleryLightbox } from './gallery-lightbox';
import { GalleryToolbar } from './gallery-toolbar';
import { useTrackedTasksPerFrame } from './use-tasks-per-frame';
import { CompareView } from '../compare/compare-view';

export const MAX_COMPARED = 4;

// Its own chunk: most visits to the gallery never enter review.
const ReviewMode = lazyWithPreload(() => import('./review-mode').then((m) => m.ReviewMode));

/** /gallery: the results themselves; /gallery/compare?ids=…: two to four side by side. */
export function GalleryPage() {
  const sub = useParams()['*']?.split('/')[0];
  return sub === 'compare' ? <CompareView /> : <Gallery />;
}

function ofConnection(tasks: readonly TrackedTask[], baseUrl: string): readonly TrackedTask[] {
  return tasks.every((t) => t.baseUrl === undefined || t.baseUrl === baseUrl)
    ? tasks
    : tasks.filter((t) => t.baseUrl === undefined || t.baseUrl === baseUrl);
}

function Gallery() {
  const { t } = useTranslation('tasks');
  const all = useTrackedTasksPerFrame();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const tasks = useMemo(() => ofConnection(all, baseUrl), [all, baseUrl]);
  const [filters, update] = useGalleryFilters();
  const deferred = useDeferredValue(filters);
  const ratings = useRatings();
  const shown = useMemo(() => filterGallery(tasks, deferred, ratings), [tasks, deferred, ratings]);
  const variants = useMemo(() => variantsByTask(tasks), [tasks]);
  const models = useMemo(() => modelsOf(tasks), [tasks]);
  const [openId, setOpenId] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const onSelect = useCallback(
    (id: string, on: boolean) =>
      setSelected((prev) =>
        on
          ? prev.includes(id) || prev.length >= MAX_COMPARED
            ? prev
            : [...prev, id]
          : prev.filter((x) => x !== id),
      ),
    [],
  );
  const [reviewing, setReviewing] = useState(false);
  const hideRejected = () => {
    const before = filters.rated;
    const hidden = shown.filter((task) => ratings.get(task.id)?.rejected).length;
    setReviewing(false);
    update({ rated: 'kept' });
    notifyUndoable(t('review.hidden', { count: hidden }), () => update({ rated: before }));
  };
  const compareHref = `/gallery/compare?${new URLSearchParams({ ids: selected.join(',') }).toString()}`;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t('gallery.title')}
        description={t('gallery.description')}
        actions={
          <>
            <Button
              variant="outline"
              disabled={shown.length === 0}
              onClick={() => setReviewing(true)}
              onPointerEnter={ReviewMode.preload}
              onFocus={ReviewMode.preload}
            >
              <ScanEye aria-hidden="true" />
              {t('review.open')}
            </Button>
            {selected.length >= 2 ? (
              <Button asChild>
                <Link to={compareHref}>
                  <Columns2 aria-hidden="true" />
                  {t('gallery.compare', { count: selected.length })}
                </Link>
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">
                {t('gallery.compareHint', { max: MAX_COMPARED })}
              </p>
            )}
          </>
        }
      />
      <GalleryToolbar filters={filters} models={models} onChange={update} />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('gallery.summary', { count: shown.length, total: tasks.length })}
      </p>
      {shown.length > 0 ? (
        <GalleryGrid
          tasks={shown}
          onOpen={setOpenId}
          selected={selected}
          onSelect={onSelect}
          maxSelected={MAX_COMPARED}
          variants={variants}
        />
      ) : (
        <EmptyState icon={Images} title={t('gallery.empty')} headingLevel="h2" />
      )}
      <GalleryLightbox
        tasks={shown}
        openId={openId}
        onOpen={setOpenId}
        onClose={() => setOpenId(undefined)}
      />
      {reviewing && (
        <Suspense fallback={null}>
          <ReviewMode
            tasks={shown}
            all={tasks}
            startId={openId}
            onClose={() => setReviewing(false)}
            onHideRejected={hideRejected}
          />
        </Suspense>
      )}
    </div>
  );
}
