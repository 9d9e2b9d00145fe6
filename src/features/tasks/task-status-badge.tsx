import { CheckCircle2, CircleDashed, CircleHelp, Clock, Loader2, Ban, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { NormalizedTaskStatus } from '@contract/task';
import { Badge } from '@/components/ui/badge';
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
 * spelling beside it when it differs (`IN_PROGRESS`, `canceled`), and shown alone when unknown.
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
    <Badge variant={display.variant} className={className} data-status={display.status}>
      <Icon
        aria-hidden
        className={display.status === 'running' ? 'animate-spin motion-reduce:animate-none' : undefined}
      />
      {label}
      {display.raw && display.status !== 'unknown' && (
        <span className="font-mono opacity-70" title={t('status.rawTitle')}>
          {display.raw}
        </span>
      )}
    </Badge>
  );
}
