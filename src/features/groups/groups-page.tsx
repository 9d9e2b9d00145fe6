import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FolderPlus, Folders } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { EmptyState } from '@/components/ui/empty-state';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/api/api-client';
import { groupQueries, type Group } from '@/api/groups';

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
const NEW_PARAM = 'new';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /groups (list, ?page=, ?new=1 for the create dialog) and /groups/<group_id> (edit dialog). */
export function GroupsPage() {
  const { t, i18n } = useTranslation('groups');
  const [params, setParams] = useSearchParams();
  const editing = useParams()['*']?.split('/')[0] || undefined;
  const navigate = useNavigate();
  const location = useLocation();
  const page = pageFrom(params);
  const queryClient = useQueryClient();
  const createOpen = params.get(NEW_PARAM) === '1';
  // Mounted from its first opening on, as when it was eager: a create still pending when the dialog
  // closes still clears the draft.
  const [createMounted, setCreateMounted] = useState(createOpen);
  if (createOpen && !createMounted) setCreateMounted(true);
  useEffect(() => {
    // A deep link to /groups/<id>: fetch the group alongside the dialog's code, not after it.
    if (editing) void queryClient.prefetchQuery(groupQueries.detail(editing));
  }, [editing, queryClient]);
  const query = useQuery({
    ...groupQueries.list({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const groups = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const setParam = (name: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value === undefined) next.delete(name);
      else next.set(name, value);
      return next;
    });
  const date = (s: number | undefined) =>
    s
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(s * 1000)
      : '—';

  return (
    <div className="space-y-5">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button
            onClick={() => setParam(NEW_PARAM, '1')}
            onPointerEnter={preloadGroupDialogs}
            onFocus={preloadGroupDialogs}
          >
            <FolderPlus aria-hidden /> {t('create.open')}
          </Button>
        }
      />
      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : query.isError ? (
        <div role="alert" className="space-y-2 rounded-md border border-destructive/40 p-4 text-sm">
          <p className="font-medium">{t('error.title')}</p>
          <p>{query.error.message}</p>
          {isApiRequestError(query.error) && query.error.requestId && (
            <p className="flex items-center gap-1 font-mono text-xs">
              {t('requestId')}: {query.error.requestId}
              <CopyButton value={query.error.requestId} aria-label={t('copyRequestId')} />
            </p>
          )}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={Folders}
          title={t('empty.title')}
          description={t('empty.description')}
          action={
            <Button
              onClick={() => setParam(NEW_PARAM, '1')}
              onPointerEnter={preloadGroupDialogs}
              onFocus={preloadGroupDialogs}
            >
              {t('create.open')}
            </Button>
          }
        />
      ) : (
        // Below md each row is a card: five columns do not fit a phone, and actions must not be off screen.
        <div className="md:overflow-x-auto md:rounded-md md:border">
          <table className="w-full text-sm max-md:block">
            <caption className="sr-only">{t('table.caption')}</caption>
            <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground max-md:hidden">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('table.name')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('table.assets')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('table.id')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('table.updated')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('table.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-2">
              {groups.map((group) => (
                <GroupRow key={group.id} group={group} updated={date(group.updated_at)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="flex items-center justify-end gap-2 text-sm" aria-label={t('pagination.label')}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setParam('page', String(page - 1))}
          >
            {t('pagination.previous')}
          </Button>
          <span>{t('pagination.page', { page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setParam('page', String(page + 1))}
          >
            {t('pagination.next')}
          </Button>
        </nav>
      )}
      {createMounted && (
        <Suspense fallback={createOpen ? <DialogFallback label={t('loading')} /> : null}>
          <CreateGroupDialog
            open={createOpen}
            onOpenChange={(open) => setParam(NEW_PARAM, open ? '1' : undefined)}
          />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={<DialogFallback label={t('loading')} />}>
          <EditGroupDialog
            groupId={editing}
            onClose={() => navigate({ pathname: '/groups', search: location.search })}
          />
        </Suspense>
      )}
    </div>
  );
}

function GroupRow({ group, updated }: { group: Group; updated: string }) {
  const { t } = useTranslation('groups');
  const name = group.id === DEFAULT_GROUP_ID ? t('defaultGroup') : group.name || group.id;
  return (
    <tr className="border-b last:border-0 max-md:block max-md:rounded-md max-md:border max-md:p-2 max-md:last:border">
      <th scope="row" className="px-3 py-2 text-left font-medium max-md:block max-md:p-1">
        <span className="block">{name}</span>
        {group.description && (
          <span className="block text-xs font-normal text-muted-foreground">{group.description}</span>
        )}
      </th>
      {/* On a card the column header is not shown: a ::before label says what the number is. */}
      <td
        data-label={`${t('table.assets')}: `}
        className="px-3 py-2 tabular-nums max-md:inline-block max-md:p-1 max-md:before:content-[attr(data-label)]"
      >
        {group.asset_count ?? '—'}
      </td>
      <td className="px-3 py-2 max-md:inline-block max-md:p-1">
        <span className="flex items-center gap-1 font-mono text-xs">
          {group.id}
          <CopyButton value={group.id} aria-label={t('copyId', { name })} />
        </span>
      </td>
      <td className="px-3 py-2 text-xs max-md:block max-md:p-1 max-md:text-muted-foreground">{updated}</td>
      <td className="px-3 py-2 max-md:block max-md:p-1">
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/assets?group_id=${encodeURIComponent(group.id)}`}
              aria-label={t('openInLibrary', { name })}
            >
              {t('openInLibraryShort')}
            </Link>
          </Button>
          {group.id !== DEFAULT_GROUP_ID && (
            <Button asChild variant="ghost" size="sm">
              <Link
                to={`/groups/${encodeURIComponent(group.id)}`}
                aria-label={t('edit.open', { name })}
                onPointerEnter={preloadGroupDialogs}
                onFocus={preloadGroupDialogs}
              >
                {t('edit.short')}
              </Link>
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
