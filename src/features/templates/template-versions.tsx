import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { DifferenceSummary, DifferenceTable } from '@/components/difference-table';
import { WordDiff } from '@/components/word-diff';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { requestDifferences, type FieldDifference } from '@/lib/request-diff';
import { latestVersion, type Template, type TemplateVersion } from '@/lib/templates/template-model';
import { restoreVersion } from '@/lib/templates/template-store';

/** A value as a cell says it: an empty default reads "(empty)", not a blank cell that looks unloaded. */
function show(v: unknown, empty: string) {
  if (v === undefined) return '—';
  if (v === '') return <span className="italic text-muted-foreground">{empty}</span>;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The request and the variables' defaults of two versions, field by field (the defaults as `{{name}}`). */
function differences(a: TemplateVersion, b: TemplateVersion): FieldDifference[] {
  const defaults = (v: TemplateVersion) =>
    Object.fromEntries(v.variables.map((x) => [`{{${x.name}}}`, x.default]));
  return [...requestDifferences(a.request, b.request), ...requestDifferences(defaults(a), defaults(b))];
}

/** Every version of a template: compare any two as Compare does for requests, restore an old one. */
export function TemplateVersions({ template }: { template: Template }) {
  const { t, i18n } = useTranslation('templates');
  const latest = latestVersion(template).version;
  const [from, setFrom] = useState(Math.max(1, latest - 1));
  const [to, setTo] = useState(latest);
  const a = template.versions.find((v) => v.version === from) ?? template.versions[0]!;
  const b = template.versions.find((v) => v.version === to) ?? template.versions.at(-1)!;
  const rows = differences(a, b);
  const differ = rows.filter((r) => r.differs);

  async function restore(version: number) {
    try {
      const saved = await restoreVersion(template.id, version);
      notifySuccess(t('versions.restored', { version, as: latestVersion(saved).version }));
    } catch (error) {
      notifyError(error, t('versions.restoreFailed'));
    }
  }

  const picker = (id: string, label: string, value: number, onChange: (v: number) => void) => (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        {template.versions.map((v) => (
          <option key={v.version} value={v.version}>
            {t('versions.name', { version: v.version })}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <ol
        aria-label={t('versions.label', { name: template.name })}
        className="flex flex-col rounded-md border"
      >
        {[...template.versions].reverse().map((v) => (
          <li
            key={v.version}
            className="flex flex-wrap items-center justify-between gap-2 border-b px-3 py-2 text-sm last:border-b-0"
          >
            <span>
              <span className="font-medium">{t('versions.name', { version: v.version })}</span>{' '}
              <span className="text-muted-foreground">
                {formatDateMs(Date.parse(v.savedAt), i18n.language)}
              </span>
              {v.version === latest && (
                <span className="ml-2 text-xs text-muted-foreground">{t('versions.current')}</span>
              )}
            </span>
            {v.version !== latest && (
              <Button variant="outline" size="sm" onClick={() => void restore(v.version)}>
                <RotateCcw aria-hidden="true" /> {t('versions.restore', { version: v.version })}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {template.versions.length > 1 && (
        <section aria-label={t('compare.label')} className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-3">
            {picker(`compare-from-${template.id}`, t('compare.from'), from, setFrom)}
            {picker(`compare-to-${template.id}`, t('compare.to'), to, setTo)}
          </div>
          <DifferenceSummary differs={differ.length > 0} live testId="version-difference-summary">
            {differ.length > 0
              ? t('compare.differ', { count: differ.length, fields: differ.map((r) => r.path).join(', ') })
              : t('compare.same')}
          </DifferenceSummary>
          <DifferenceTable
            fieldHeading={t('compare.field')}
            differsLabel={t('compare.differs')}
            labelClassName="font-mono text-xs"
            // Two versions side by side fit a phone, their values broken anywhere: scrolled sideways,
            // the newer version, the one compared, was the part off screen.
            minWidthClassName="min-w-0 sm:min-w-[32rem]"
            columns={[a, b].map((v, i) => ({
              key: `${i}`,
              heading: t('versions.name', { version: v.version }),
            }))}
            rows={rows.map(({ path, values: [before, after], differs }) => ({
              key: path,
              label: path,
              differs,
              cellClassName: 'break-all',
              cells: [
                show(before, t('compare.empty')),
                differs && before && after && typeof before === 'string' && typeof after === 'string' ? (
                  <WordDiff base={before} other={after} />
                ) : (
                  show(after, t('compare.empty'))
                ),
              ],
            }))}
          />
        </section>
      )}
    </div>
  );
}
