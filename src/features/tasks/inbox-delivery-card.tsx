import { BadgeCheck, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { JsonView } from '@/components/ui/json-view';
import type { InboxDelivery } from '@contract/webhook-inbox';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';

/** One delivery to an inbox: whether its signature checks out, its headers and its body as sent. */
export function DeliveryCard({ delivery: d }: { delivery: InboxDelivery }) {
  const { t, i18n } = useTranslation('tasks');
  const payload = d.json as { type?: unknown; data?: { id?: unknown; status?: unknown } } | null;
  return (
    <li className="space-y-2 rounded-md border p-3 text-sm" data-testid="inbox-delivery">
      <div className="flex flex-wrap items-center gap-2">
        {d.signature.verified ? (
          <Badge variant="success">
            <BadgeCheck aria-hidden /> {t('inbox.verified')}
          </Badge>
        ) : (
          <Badge variant="destructive">
            <ShieldAlert aria-hidden /> {t('inbox.notVerified')}
          </Badge>
        )}
        <span className="font-mono text-xs">{d.method}</span>
        {typeof payload?.type === 'string' && <span className="font-mono text-xs">{payload.type}</span>}
        {typeof payload?.data?.id === 'string' && (
          <code className="font-mono text-xs text-muted-foreground">{payload.data.id}</code>
        )}
        <time
          className="ml-auto text-xs text-muted-foreground"
          dateTime={new Date(d.received_at).toISOString()}
        >
          {formatDateMs(d.received_at, i18n.language, 'precise')}
        </time>
      </div>
      {!d.signature.verified && d.signature.reason && (
        <p className="text-xs text-destructive">{d.signature.reason}</p>
      )}
      {d.webhook_id && <p className="font-mono text-xs text-muted-foreground">webhook-id: {d.webhook_id}</p>}
      <details>
        <summary className="cursor-pointer text-xs font-medium">
          {t('inbox.headers', { count: Object.keys(d.headers).length })}
        </summary>
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 font-mono text-xs">
          {Object.entries(d.headers).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="min-w-0 break-all">{v}</dd>
            </div>
          ))}
        </dl>
      </details>
      {d.json !== null ? (
        <JsonView value={d.json} label={t('inbox.body')} maxHeight="sm" />
      ) : (
        // Not JSON: the raw text as it arrived (never interpreted as HTML).
        <pre
          aria-label={t('inbox.body')}
          className="max-h-72 overflow-auto rounded-md border bg-muted/50 p-3 font-mono text-xs whitespace-pre-wrap"
        >
          {d.body}
        </pre>
      )}
    </li>
  );
}
