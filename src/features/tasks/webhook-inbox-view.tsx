import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Inbox, Trash2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnectionStore } from '@/api/connection-store';
import { useTrackedTasks } from '@/api/task-registry-context';
import { taskKeys, type Task } from '@/api/tasks';
import { clearInbox, inboxKeys, inboxNamesFromCallbacks, inboxQueryOptions } from '@/api/webhook-inbox';
import { isInboxName } from '@contract/webhook-inbox';
import { useTranslation } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { DeliveryCard } from './inbox-delivery-card';

/** The origin requests go to: the connection's base URL, or this page's own. */
export function connectionOrigin(baseUrl: string): string {
  try {
    return new URL(baseUrl || window.location.origin, window.location.href).origin;
  } catch {
    return window.location.origin;
  }
}

/** Names of this server's inboxes that tracked tasks' callback_urls point at. */
function useKnownInboxes(origin: string): string[] {
  const tasks = useTrackedTasks();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const urls: unknown[] = tasks.map((t) => t.callbackUrl ?? t.request?.callback_url);
    for (const [, task] of queryClient.getQueriesData<Task>({ queryKey: taskKeys.details() })) {
      urls.push(task?.callback_url);
    }
    return inboxNamesFromCallbacks(urls, origin);
  }, [tasks, queryClient, origin]);
}

/** The local server's webhook inbox: deliveries with headers, body and the signature check. */
export function WebhookInboxView() {
  const { t } = useTranslation('tasks');
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const origin = connectionOrigin(baseUrl);
  const known = useKnownInboxes(origin);
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('inbox') ?? '';
  const name = isInboxName(fromUrl) ? fromUrl : (known[0] ?? '');
  const open = (next: string) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('inbox', next);
      return p;
    });

  return (
    <div className="space-y-4">
      <InboxPicker known={known} current={name} onOpen={open} />
      {name ? (
        <InboxDeliveries name={name} url={`${origin}/webhooks/inbox/${name}`} />
      ) : (
        <EmptyState
          icon={Inbox}
          title={t('inbox.emptyTitle')}
          description={t('inbox.emptyBody')}
          headingLevel="h3"
        />
      )}
    </div>
  );
}

function InboxPicker({
  known,
  current,
  onOpen,
}: {
  known: string[];
  current: string;
  onOpen: (n: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const id = useId();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = typed.trim();
    setInvalid(!isInboxName(value));
    if (isInboxName(value)) onOpen(value);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      {known.length > 0 && (
        <div className="flex min-w-48 flex-col gap-1">
          <Label htmlFor={`${id}-known`}>{t('inbox.known')}</Label>
          <Select
            id={`${id}-known`}
            value={known.includes(current) ? current : ''}
            onChange={(e) => e.target.value && onOpen(e.target.value)}
          >
            {!known.includes(current) && <option value="">—</option>}
            {known.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      )}
      <form onSubmit={submit} className="flex flex-col gap-1" noValidate>
        <Label htmlFor={`${id}-name`}>{t('inbox.openByName')}</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-name`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            text="mono"
            fill={false}
            className="w-56"
            placeholder="my-test"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-err` : undefined}
          />
          <Button type="submit" variant="outline">
            {t('inbox.open')}
          </Button>
        </div>
        {invalid && (
          <p id={`${id}-err`} className="text-xs text-destructive">
            {t('inbox.invalidName')}
          </p>
        )}
      </form>
    </div>
  );
}

function InboxDeliveries({ name, url }: { name: string; url: string }) {
  const { t } = useTranslation('tasks');
  const queryClient = useQueryClient();
  const query = useQuery(inboxQueryOptions(name));
  const clear = useMutation({
    mutationFn: () => clearInbox(name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.inbox(name) }),
    onError: (error) => notifyError(error),
  });
  return (
    <section aria-labelledby="inbox-title" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="inbox-title" className="text-base font-semibold">
          {t('inbox.title', { name })}
        </h2>
        <code className="min-w-0 truncate font-mono text-xs text-muted-foreground">{url}</code>
        <CopyButton value={url} aria-label={t('inbox.copyUrl')} />
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() => clear.mutate()}
          disabled={!query.data?.length}
        >
          <Trash2 aria-hidden /> {t('inbox.clear')}
        </Button>
      </div>
      {query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <ErrorAlert error={query.error} title={t('inbox.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inbox.noDeliveries')}</p>
      ) : (
        <ol className="space-y-3" aria-label={t('inbox.deliveries')}>
          {query.data.map((d) => (
            <DeliveryCard key={d.id} delivery={d} />
          ))}
        </ol>
      )}
    </section>
  );
}
