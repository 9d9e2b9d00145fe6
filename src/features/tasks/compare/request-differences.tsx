import { DifferenceSummary as Summary, DifferenceTable } from '@/components/difference-table';
import { WordDiff } from '@/components/word-diff';
import { useTranslation } from '@/lib/i18n';
import type { CompareColumn } from './compare-column';
import { differingFields, FACT_FIELDS, type RequestFacts } from './request-facts';

const ALL_FIELDS = ['prompt', ...FACT_FIELDS] as const;

/** "1 field differs: Duration", or that the requests are the same: the answer before the table. */
export function DifferenceSummary({ facts }: { facts: RequestFacts[] }) {
  const { t } = useTranslation('tasks');
  const differ = differingFields(facts);
  const names = ALL_FIELDS.filter((f) => differ.has(f)).map((f) => t(`compare.fields.${f}`));
  return (
    <Summary differs={names.length > 0} testId="difference-summary">
      {names.length > 0
        ? t('compare.fieldsDiffer', { count: names.length, fields: names.join(', ') })
        : t('compare.noDifference')}
    </Summary>
  );
}

/** A table of the compared requests: the prompt word by word against the first, then each parameter. */
export function RequestDifferences({ columns, facts }: { columns: CompareColumn[]; facts: RequestFacts[] }) {
  const { t } = useTranslation('tasks');
  const differ = differingFields(facts);
  const base = facts[0]!;
  return (
    <section aria-labelledby="compare-diff" className="space-y-2">
      <h2 id="compare-diff" className="text-lg font-semibold">
        {t('compare.differences')}
      </h2>
      <DifferenceTable
        fieldHeading={t('compare.field')}
        differsLabel={t('compare.differs')}
        columns={columns.map((c) => ({ key: c.task.id, heading: c.heading, title: c.task.id }))}
        rows={[
          {
            key: 'prompt',
            label: t('compare.fields.prompt'),
            differs: differ.has('prompt'),
            cellClassName: 'font-normal',
            cells: facts.map((f, i) =>
              i === 0 ? f.prompt : <WordDiff base={base.prompt} other={f.prompt} />,
            ),
          },
          ...FACT_FIELDS.map((field) => ({
            key: field,
            label: t(`compare.fields.${field}`),
            differs: differ.has(field),
            cellClassName: 'break-all font-mono text-xs',
            cells: facts.map((f) =>
              field === 'references'
                ? f.references.length > 0
                  ? f.references.map((r) => <div key={r}>{r}</div>)
                  : '—'
                : f[field] || '—',
            ),
          })),
        ]}
      />
    </section>
  );
}
