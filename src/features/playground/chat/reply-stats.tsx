import type { ReplyStats } from '@/features/playground/chat/chat-store';
import { useTranslation } from '@/lib/i18n';

/** Time to first token, speed, usage and ids of one reply, as a description list. */
export function ReplyStatsLine({ stats }: { stats: ReplyStats }) {
  const { t, i18n } = useTranslation('playground');
  const n = new Intl.NumberFormat(i18n.language);
  const items: Array<[string, string]> = [[t('stats.format'), t(`formats.${stats.format}`)]];
  if (stats.ttftMs !== undefined)
    items.push([t('stats.ttft'), t('stats.ms', { value: n.format(stats.ttftMs) })]);
  if (stats.tokensPerSecond !== undefined)
    items.push([t('stats.speed'), t('stats.tps', { value: n.format(stats.tokensPerSecond) })]);
  if (stats.usage)
    items.push([
      t('stats.usage'),
      t('stats.usageValue', {
        input: n.format(stats.usage.inputTokens),
        output: n.format(stats.usage.outputTokens),
        total: n.format(stats.usage.totalTokens),
      }),
    ]);
  if (stats.finishReason) items.push([t('stats.finish'), stats.finishReason]);
  if (stats.requestId) items.push([t('stats.requestId'), stats.requestId]);
  return (
    <dl
      className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
      aria-label={t('stats.label')}
    >
      {items.map(([k, v]) => (
        <div key={k} className="flex gap-1">
          <dt>{k}</dt>
          <dd className="font-mono text-foreground/80">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
