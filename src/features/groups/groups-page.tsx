import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Folders } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Skeleton } from '@/components/ui/skeleton';
import { groupQueries } from '@/api/groups';
import { useDeploymentDefaultGroup } from '@/components/group-options';
import { useTranslation } from '@/lib/i18n';
import { useAnsweredPageSize } from '@/components/use-answered-page-size';
import { useUrlDialog } from '@/lib/use-url-dialog';
import { GroupsTable } from './groups-table';

// The create and edit dialogs (Radix Dialog, and full zod for their form checks) are one chunk,
// fetched on intent (hover or focus of "New group" or an "Edit" link) or when a deep link opens one.
const loadGroupDialogs = () => import('./group-dialogs');
const CreateGroupDialog = lazyWithPreload(() => loadGroupDialogs().then((m) => m.CreateGroupDialog));
const EditGroupDialog = lazyWithPreload(() => loadGroupDialogs().then((m) => m.EditGroupDialog));
/** Both wrappers share the chunk; preloading both means either opens without a fallback frame. */
function preloadGroupDialogs() {
  CreateGroupDialog.preload();
  EditGroupDialog.preload();
}

const PAGE_SIZE = 50;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /groups (list, ?page=, ?new=1 for the create dialog) and /groups/<group_id> (edit dialog). */
export function GroupsPage() {
  const { t } = useTranslation('groups');
  const [params, setParams] = useSearchParams();
  const create = useUrlDialog({ param: 'new' });
  const edit = useUrlDialog({ basePath: '/groups' });
  const page = pageFrom(params);
  const queryClient = useQueryClient();
  useEffect(() => {
    // A deep link to /groups/<id>: fetch the group alongside the dialog's code, not after it.
    if (edit.value) void queryClient.prefetchQuery(groupQueries.detail(edit.value));
  }, [edit.value, queryClient]);
  const query = useQuery({
    ...groupQueries.list({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  // The deployment's own id of its default group (decision 530), asked for beside the list, not by
  // the table once the list is in: else a first open shows that group as a plain, editable one
  // until a second round trip ends.
  const deploymentDefault = useDeploymentDefaultGroup();
  const groups = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  // A deployment may cap pages below 50: its last page is read by its page 1 (decision 215).
  const pageSize = useAnsweredPageSize(
    query.data,
    PAGE_SIZE,
    groupQueries.list({ page: 1, pageSize: PAGE_SIZE }),
  );
  const setPage = (next: number) =>
    setParams((prev) => {
      const updated = new URLSearchParams(prev);
      updated.set('page', String(next));
      return updated;
    });
  const createButton = (
    <Button onClick={() => create.open()} onPointerEnter={preloadGroupDialogs} onFocus={preloadGroupDialogs}>
      <FolderPlus aria-hidden /> {t('create.open')}
    </Button>
  );

  return (
    <div className="space-y-5">
      <PageHeader title={t('title')} description={t('subtitle')} actions={createButton} />
      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : query.isError ? (
        <ErrorAlert error={query.error} title={t('error.title')} onRetry={() => void query.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={Folders}
          title={t('empty.title')}
          description={t('empty.description')}
          action={createButton}
        />
      ) : (
        <GroupsTable
          groups={groups}
          deploymentDefault={deploymentDefault}
          onEditIntent={preloadGroupDialogs}
        />
      )}
      {total > pageSize && <Pagination page={page} pageSize={pageSize} total={total} onPage={setPage} />}
      {create.everOpened && (
        <Suspense fallback={create.isOpen ? <DialogFallback label={t('loading')} /> : null}>
          <CreateGroupDialog open={create.isOpen} onOpenChange={create.onOpenChange} />
        </Suspense>
      )}
      {edit.value && (
        <Suspense fallback={<DialogFallback label={t('loading')} />}>
          <EditGroupDialog groupId={edit.value} onClose={edit.close} />
        </Suspense>
      )}
    </div>
  );
}
