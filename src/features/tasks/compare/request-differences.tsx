import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import type { CompareColumn } from './compare-column';
import { differingFields, FACT_FIELDS, promptDiff, type RequestFacts } from './request-facts';

const ALL_FIELDS = ['prompt', ...FACT_FIELDS] as const;

/** "1 field differs: Duration", or that the requests are the same: the answer before the table. */
export function DifferenceSummary({ facts }: { facts: RequestFacts[] }) {
  const { t } = useTranslation('tasks');
  const differ = differingFields(facts);
  const names = ALL_FIELDS.filter((f) => differ.has(f)).map((f) => t(`compare.fields.${f}`));
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold',
        names.length > 0 &&
          'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100',
      )}
      data-testid="difference-summary"
    >
      {names.length > 0 && (
        <CircleAlert aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
      )}
      {names.length > 0
        ? t('compare.fieldsDiffer', { count: names.length, fields: names.join(', ') })
        : t('compare.noDifference')}
    </p>
  );
}

/** A table of the compared requests: the prompt word by word against the first, then each parameter. */
export function RequestDifferences({ columns, facts }: { columns: CompareColumn[]; facts: RequestFacts[] }) {
  const { t } = useTranslation('tasks');
  const differ = differingFields(facts);
  const base = facts[0]!;
  const rowClass = (field: string) =>
    cn(
      'border-b align-top last:border-b-0',
      // Unmistakable, in either theme: a strong band, a bar at the start, bold values.
      differ.has(field as never) &&
        'border-l-4 border-l-amber-500 bg-amber-100 font-semibold dark:bg-amber-900/40',
    );
  const header = (field: (typeof ALL_FIELDS)[number]) => (
    <th scope="row" className="p-2 text-left font-medium">
      <span className="flex items-center gap-1">
        {differ.has(field) && (
          <CircleAlert aria-hidden className="size-4 shrink-0 text-amber-600 dark:text-amber-400" />
        )}
        {t(`compare.fields.${field}`)}
        {differ.has(field) && <span className="sr-only"> ({t('compare.differs')})</span>}
      </span>
    </th>
  );
  return (
    <section aria-labelledby="compare-diff" className="space-y-2">
      <h2 id="compare-diff" className="text-lg font-semibold">
        {t('compare.differences')}
      </h2>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full min-w-[32rem] text-sm">
          <thead>
            <tr className="border-b bg-muted/50 text-left">
              <th scope="col" className="p-2">
                {t('compare.field')}
              </th>
              {columns.map((c) => (
                <th key={c.task.id} scope="col" className="p-2 font-medium" title={c.task.id}>
                  {c.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className={rowClass('prompt')} data-differs={differ.has('prompt') ? 'true' : 'false'}>
              {header('prompt')}
              {facts.map((f, i) => (
                <td key={columns[i]!.task.id} className="p-2 font-normal" data-field="prompt">
                  {i === 0
                    ? f.prompt
                    : promptDiff(base.prompt, f.prompt).map((part, j) =>
                        part.change === 'same' ? (
                          <span key={j}>{part.text}</span>
                        ) : part.change === 'added' ? (
                          <ins key={j} className="bg-success/30 font-semibold no-underline">
                            {part.text}
                          </ins>
                        ) : (
                          <del key={j} className="bg-destructive/20">
                            {part.text}
                          </del>
                        ),
                      )}
                </td>
              ))}
            </tr>
            {FACT_FIELDS.map((field) => (
              <tr key={field} className={rowClass(field)} data-differs={differ.has(field) ? 'true' : 'false'}>
                {header(field)}
                {facts.map((f, i) => (
                  <td key={columns[i]!.task.id} className="break-all p-2 font-mono text-xs">
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
