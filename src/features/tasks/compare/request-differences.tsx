import type { TrackedTask } from '@/api/task-registry';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { differingFields, FACT_FIELDS, promptDiff, type RequestFacts } from './request-facts';

/** A table of the compared requests: the prompt word by word against the first, then each parameter. */
export function RequestDifferences({ tasks, facts }: { tasks: TrackedTask[]; facts: RequestFacts[] }) {
  const { t } = useTranslation('tasks');
  const differ = differingFields(facts);
  const base = facts[0]!;
  return (
    <section aria-labelledby="compare-diff" className="space-y-2">
      <h2 id="compare-diff" className="text-lg font-semibold">
        {t('compare.differences')}
      </h2>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b bg-muted/50 text-left">
              <th scope="col" className="p-2">
                {t('compare.field')}
              </th>
              {tasks.map((task, i) => (
                <th key={task.id} scope="col" className="p-2 font-medium">
                  {i + 1}. <span className="font-mono text-xs">{task.id}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className={cn('border-b align-top', differ.has('prompt') && 'bg-warning/10')}>
              <th scope="row" className="p-2 text-left font-medium">
                {t('compare.fields.prompt')}
              </th>
              {facts.map((f, i) => (
                <td key={tasks[i]!.id} className="p-2" data-field="prompt">
                  {i === 0
                    ? f.prompt
                    : promptDiff(base.prompt, f.prompt).map((part, j) =>
                        part.change === 'same' ? (
                          <span key={j}>{part.text}</span>
                        ) : part.change === 'added' ? (
                          <ins key={j} className="bg-success/20 no-underline">
                            {part.text}
                          </ins>
                        ) : (
                          <del key={j} className="bg-destructive/15">
                            {part.text}
                          </del>
                        ),
                      )}
                </td>
              ))}
            </tr>
            {FACT_FIELDS.map((field) => (
              <tr
                key={field}
                className={cn('border-b align-top last:border-b-0', differ.has(field) && 'bg-warning/10')}
                data-differs={differ.has(field) ? 'true' : 'false'}
              >
                <th scope="row" className="p-2 text-left font-medium">
                  {t(`compare.fields.${field}`)}
                  {differ.has(field) && <span className="sr-only"> ({t('compare.differs')})</span>}
                </th>
                {facts.map((f, i) => (
                  <td key={tasks[i]!.id} className="break-all p-2 font-mono text-xs">
                    {field === 'references'
                      ? f.references.length > 0
                        ? f.references.map((r) => <div key={r}>{r}</div>)
                        : '—'
                      : f[field] || '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
