import { Badge } from '@/components/ui/badge';
import type { Task } from '@/api/tasks';
import { useTranslation } from '@/lib/i18n';
import { isUncharged, safeMediaUrl } from './task-display';
import { TaskDetailCost, useTaskDetailCost } from './task-detail-cost';

/** References as the server bound them, the billing rule, usage, and the request parameters. */
export function TaskFacts({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  const refs = task.input_references ?? [];
  // Billing by video input and bound references exist only for videos; other kinds show their own fields.
  const isVideo = !task.kind || task.kind === 'video';
  const cost = useTaskDetailCost(task);
  const params: [string, unknown][] = (
    [
      'duration',
      'ratio',
      'aspect_ratio',
      'resolution',
      'generate_audio',
      'watermark',
      'name',
      'avatar_asset_id',
      'audio_url',
      'text',
      'voice_asset_id',
      'title',
      'style',
      'customMode',
      'callback_url',
    ] as const
  )
    .map((k): [string, unknown] => [k, (task as Record<string, unknown>)[k]])
    .filter(([, v]) => v !== undefined && v !== null);
  return (
    <div className="space-y-4">
      {params.length > 0 && (
        <section aria-labelledby="task-params" className="space-y-1">
          <h3 id="task-params" className="text-sm font-semibold">
            {t('facts.parameters')}
          </h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
            {params.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-mono text-xs text-muted-foreground">{k}</dt>
                <dd className="min-w-0 break-all font-mono text-xs">{String(v)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {isVideo && (
        <section aria-labelledby="task-billing" className="flex flex-wrap items-center gap-2 text-sm">
          <h3 id="task-billing" className="font-semibold">
            {t('facts.billing')}
          </h3>
          {task.has_video_input === undefined ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <Badge variant={task.has_video_input ? 'warning' : 'secondary'}>
              {task.has_video_input ? t('facts.withVideoInput') : t('facts.withoutVideoInput')}
            </Badge>
          )}
          <span className="font-mono text-xs text-muted-foreground">
            has_video_input = {String(task.has_video_input ?? '—')}
          </span>
        </section>
      )}
      {(task.usage || cost) && (
        <section aria-labelledby="task-usage" className="space-y-1">
          <h3 id="task-usage" className="text-sm font-semibold">
            {t('facts.usage')}
          </h3>
          {isUncharged(task) && (
            <p className="text-xs text-muted-foreground">
              {isVideo ? t('facts.endedVideoBilled') : t('facts.endedOtherUnbilled')}
            </p>
          )}
          <dl className="grid grid-cols-[max-content_1fr] gap-x-3 text-sm">
            {Object.entries(task.usage ?? {}).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-mono text-xs text-muted-foreground">{k}</dt>
                <dd className="font-mono text-xs tabular-nums">
                  {typeof v === 'object' ? JSON.stringify(v) : String(v)}
                </dd>
              </div>
            ))}
            {cost && <TaskDetailCost cost={cost} />}
          </dl>
        </section>
      )}
      {isVideo && (
        <section aria-labelledby="task-refs" className="space-y-1">
          <h3 id="task-refs" className="text-sm font-semibold">
            {t('facts.references', { count: refs.length })}
          </h3>
          {refs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('facts.noReferences')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs">
                <thead className="text-muted-foreground">
                  <tr>
                    <th className="py-1 pr-2 font-medium">alias</th>
                    <th className="py-1 pr-2 font-medium">role</th>
                    <th className="py-1 pr-2 font-medium">type</th>
                    <th className="py-1 pr-2 font-medium">binding_status</th>
                    <th className="py-1 font-medium">url</th>
                  </tr>
                </thead>
                <tbody className="font-mono">
                  {refs.map((r, i) => (
                    <tr key={i} className="border-t">
                      <td className="py-1 pr-2">{r.alias ? `@${r.alias}` : '—'}</td>
                      <td className="py-1 pr-2">{r.role ?? '—'}</td>
                      <td className="py-1 pr-2">{r.type ?? '—'}</td>
                      <td className="py-1 pr-2">{r.binding_status ?? '—'}</td>
                      <td
                        className="max-w-64 truncate py-1"
                        title={typeof r.url === 'string' ? r.url : undefined}
                      >
                        {safeMediaUrl(r.url) ? (
                          <a
                            href={safeMediaUrl(r.url)}
                            target="_blank"
                            rel="noreferrer"
                            className="underline"
                          >
                            {r.url}
                          </a>
                        ) : (
                          (r.url ?? '—')
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
