import { CheckCircle2, CircleDashed, CircleHelp, Clock, Loader2, Ban, XCircle } from 'lucide-react';
import type { NormalizedTaskStatus } from '@contract/task';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/i18n';
import { statusDisplay } from './task-display';

const ICONS: Record<NormalizedTaskStatus, typeof Clock> = {
  pending: CircleDashed,
  submitted: Clock,
  running: Loader2,
  succeeded: CheckCircle2,
  failed: XCircle,
  cancelled: Ban,
  unknown: CircleHelp,
};

/**
 * The task's state as a badge: a translated label for the normalised state; the server's own
 * spelling in its tooltip when it differs (`IN_PROGRESS`, `canceled`), and shown alone when unknown.
 */
export function TaskStatusBadge({ status, className }: { status: unknown; className?: string }) {
  const { t } = useTranslation('tasks');
  const display = statusDisplay(status);
  const Icon = ICONS[display.status];
  const label =
    display.status === 'unknown'
      ? t('status.unknownRaw', { raw: display.raw ?? '—' })
      : t(`status.${display.status}`);
  return (
    // The server's own spelling (`SUCCESS`, `IN_PROGRESS`) is kept in the tooltip, not read out beside
    // a label that already says it ("Succeeded SUCCESS").
    <Badge
      variant={display.variant}
      className={className}
      data-status={display.status}
      title={
        display.raw && display.status !== 'unknown'
          ? t('status.rawTitleValue', { raw: display.raw })
          : undefined
      }
    >
      <Icon
        aria-hidden
        className={display.status === 'running' ? 'animate-spin motion-reduce:animate-none' : undefined}
      />
      {label}
    </Badge>
  );
}
