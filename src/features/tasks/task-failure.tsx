import { normalizeTaskStatus } from '@contract/task';
import { CopyButton } from '@/components/ui/copy-button';
import type { Task } from '@/api/tasks';
import { useTranslation } from '@/lib/i18n';
import { failureFields, failureText } from './task-display';

/**
 * Everything support needs about a failure (specification, Task states rule 3): the error code and
 * message, fail_reason, and the task, request and trace ids, with one button that copies them all.
 */
export function TaskFailure({ task }: { task: Task }) {
  const { t } = useTranslation('tasks');
  return (
    <section
      aria-labelledby="task-failure-title"
      className="space-y-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="task-failure-title" className="font-semibold text-destructive">
          {normalizeTaskStatus(task.status) === 'cancelled'
            ? t('failure.cancelledTitle')
            : t('failure.title')}
        </h3>
        <CopyButton value={failureText(task)} aria-label={t('failure.copyAll')} variant="outline">
          {t('failure.copyAll')}
        </CopyButton>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {failureFields(task).map((f) => (
          <div key={f.name} className="contents">
            <dt className="font-mono text-xs text-muted-foreground">{f.name}</dt>
            <dd className="min-w-0 break-words font-mono text-xs" data-field={f.name}>
              {f.value ?? <span className="text-muted-foreground">{t('failure.absent')}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
