import { useQuery } from '@tanstack/react-query';
import { isTerminalStatus, normalizeTaskStatus } from '@contract/task';
import { Badge } from '@/components/ui/badge';
import { taskWebhooksQueryOptions, type Task, type WebhookDelivery } from '@/api/tasks';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';

/** The server's delivery log of this task's webhook (local server only; absent elsewhere). */
export function TaskWebhooks({ task }: { task: Task }) {
  const { t, i18n } = useTranslation('tasks');
  const ended = isTerminalStatus(normalizeTaskStatus(task.status));
  const query = useQuery(taskWebhooksQueryOptions(task.id, Boolean(task.callback_url), ended));
  const deliveries = query.data;
  if (!task.callback_url || !deliveries) return null;
  return (
    <section aria-labelledby="task-webhooks" className="space-y-2">
      <h3 id="task-webhooks" className="text-sm font-semibold">
        {t('webhooks.title')}
      </h3>
      {deliveries.length === 0 && <p className="text-sm text-muted-foreground">{t('webhooks.none')}</p>}
      {deliveries.map((d: WebhookDelivery) => (
        <div key={d.id} className="space-y-1 rounded-md border p-2 text-xs">
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              variant={
                d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'destructive' : 'warning'
              }
            >
              {t(
                `webhooks.status.${d.status === 'delivered' || d.status === 'failed' ? d.status : 'pending'}`,
              )}
            </Badge>
            <span className="font-mono">{d.type}</span>
            <span className="text-muted-foreground">
              {t('webhooks.attempts', { count: d.attempt_count ?? 0, max: d.max_attempts ?? '?' })}
            </span>
            {d.status === 'pending' && d.next_attempt_at ? (
              <span className="text-muted-foreground">
                {t('webhooks.next', {
                  time: formatDateMs(d.next_attempt_at ?? undefined, i18n.language, 'precise'),
                })}
              </span>
            ) : null}
          </div>
          <code className="block break-all font-mono text-muted-foreground">{d.url}</code>
          {(d.attempts ?? []).length > 0 && (
            <ol className="space-y-0.5 pl-4">
              {(d.attempts ?? []).map((a) => (
                <li key={a.number} className="list-decimal font-mono">
                  {formatDateMs(a.started_at ?? undefined, i18n.language, 'precise')} · {a.outcome ?? '—'}
                  {a.status_code ? ` · HTTP ${a.status_code}` : ''}
                  {typeof a.duration_ms === 'number' ? ` · ${a.duration_ms} ms` : ''}
                  {a.error ? ` · ${a.error}` : ''}
                </li>
              ))}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}
