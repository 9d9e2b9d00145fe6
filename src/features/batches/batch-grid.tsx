import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useIssueText } from '@/components/form/issue-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import type { RowCheck, RowIssue } from './batch-check';
import { SEND_CUT_OFF, type Batch, type BatchRow } from './batch-model';

const ROW_HEIGHT = 64;

/** Every row of the table, virtualised (1,000 rows cost a screenful of nodes), edited in place. */
export function BatchGrid({
  batch,
  checks,
  onChange,
}: {
  batch: Batch;
  checks: readonly (RowCheck | undefined)[];
  onChange: (change: (b: Batch) => Batch) => void;
}) {
  const { t } = useTranslation('batches');
  const [onlyBad, setOnlyBad] = useState(false);
  const shown = useMemo(
    () => batch.rows.flatMap((_, i) => (!onlyBad || checks[i]?.ok === false ? [i] : [])),
    [batch.rows, checks, onlyBad],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  // Stable across scroll renders: a new key function makes the virtualizer measure every row anew.
  const rows = batch.rows;
  const getItemKey = useCallback((i: number) => rows[shown[i]!]!.key, [rows, shown]);
  // The page's edit function changes only when the page renders, not on a scroll: the visible rows
  // (memo) then render again only when their own row or check changes.
  const change = useRef(onChange);
  change.current = onChange;
  const setCell = useCallback(
    (key: string, column: number, value: string) =>
      change.current((b) => ({
        ...b,
        rows: b.rows.map((r) =>
          r.key === key ? { ...r, cells: r.cells.map((c, i) => (i === column ? value : c)) } : r,
        ),
      })),
    [],
  );
  const setDropped = useCallback(
    (key: string, dropped: boolean) =>
      change.current((b) => ({
        ...b,
        rows: b.rows.map((r) => (r.key === key ? { ...r, state: dropped ? 'dropped' : 'pending' } : r)),
      })),
    [],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 800, height: 600 },
    useFlushSync: false,
    getItemKey,
  });
  if (batch.rows.length === 0) return null;
  const template = `3.5rem 6.5rem repeat(${batch.headers.length}, minmax(8rem, 1fr)) minmax(12rem, 1.5fr) 5.5rem`;
  return (
    <section aria-label={t('grid.label')} className="grid gap-2">
      <div className="flex items-center gap-2">
        <Checkbox id="batch-only-bad" checked={onlyBad} onCheckedChange={(v) => setOnlyBad(v === true)} />
        <Label htmlFor="batch-only-bad">{t('grid.onlyBad')}</Label>
      </div>
      <div
        ref={scrollRef}
        // At most a screenful (at least 20rem): a short table is not followed by an empty box. An
        // inline style, not a class: a new class would land in the shell's CSS (first-load budget).
        style={{ maxHeight: 'max(20rem, calc(100vh - 19rem))' }}
        className="overflow-auto rounded-md border"
        data-testid="batch-grid"
      >
        <div
          className="sticky top-0 z-10 grid gap-2 border-b bg-background px-2 py-1.5 text-xs font-medium text-muted-foreground"
          style={{ gridTemplateColumns: template, minWidth: 'max-content' }}
        >
          <span>#</span>
          <span>{t('grid.state')}</span>
          {batch.headers.map((h, i) => (
            <span key={`${h}-${i}`} className="truncate">
              {h}
            </span>
          ))}
          <span>{t('grid.problems')}</span>
          <span />
        </div>
        <ol className="relative" style={{ height: virtualizer.getTotalSize(), minWidth: 'max-content' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const index = shown[item.index]!;
            return (
              <li
                key={item.key}
                className="absolute inset-x-0 top-0"
                style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              >
                <GridRow
                  row={batch.rows[index]!}
                  n={index + 1}
                  headers={batch.headers}
                  check={checks[index]}
                  template={template}
                  editable={batch.state !== 'running'}
                  onCell={setCell}
                  onDrop={setDropped}
                />
              </li>
            );
          })}
        </ol>
        {onlyBad && shown.length === 0 && (
          <p className="p-4 text-sm text-muted-foreground" role="status">
            {t('grid.noBad')}
          </p>
        )}
      </div>
    </section>
  );
}

const GridRow = memo(function GridRow({
  row,
  n,
  headers,
  check,
  template,
  editable,
  onCell,
  onDrop,
}: {
  row: BatchRow;
  n: number;
  headers: readonly string[];
  check: RowCheck | undefined;
  template: string;
  editable: boolean;
  onCell: (key: string, column: number, value: string) => void;
  onDrop: (key: string, dropped: boolean) => void;
}) {
  const { t } = useTranslation('batches');
  const issueText = useIssueText();
  const own = (issue: RowIssue) =>
    issue.ns === 'composer'
      ? issueText({ field: '', code: issue.code, values: issue.values, severity: issue.severity })
      : t(`issues.${issue.code}`, issue.values);
  const errors = check?.issues.filter((i) => i.severity === 'error') ?? [];
  const bad = new Set(errors.flatMap((i) => (i.column === undefined ? [] : [i.column])));
  const sent = row.state !== 'pending' && row.state !== 'failed' && row.state !== 'dropped';
  const failure = row.error === SEND_CUT_OFF ? t('rowErrors.sendCutOff') : row.error;
  const said = row.state === 'failed' && failure ? failure : errors.map(own).join(' · ');
  // In doubt (decision 670): what will happen to it, and what happened once its doubt settled.
  const doubt = row.sendKey && (row.state === 'pending' || row.state === 'failed');
  const notes = [doubt ? t('rowNotes.inDoubt') : '', row.note ? t(`rowNotes.${row.note}`) : ''];
  const message = [said, ...notes].filter(Boolean).join(' · ');
  return (
    <div
      className="grid h-full items-center gap-2 border-b px-2 text-sm"
      style={{ gridTemplateColumns: template }}
      data-testid="batch-row"
      data-row={n}
      data-state={row.state}
      data-ok={check ? String(check.ok) : undefined}
    >
      <span className="tabular-nums text-muted-foreground">{n}</span>
      <span>
        {row.taskId ? (
          <Link to={`/tasks/${encodeURIComponent(row.taskId)}`} aria-label={t('grid.openTask', { n })}>
            <Badge variant={row.state === 'failed' ? 'destructive' : 'secondary'}>
              {t(`rowState.${row.state}`)}
            </Badge>
          </Link>
        ) : (
          <Badge variant={check?.ok === false ? 'destructive' : 'outline'}>
            {check?.ok === false && row.state === 'pending'
              ? t('rowState.invalid')
              : t(`rowState.${row.state}`)}
          </Badge>
        )}
      </span>
      {headers.map((h, i) => (
        <Input
          key={`${h}-${i}`}
          controlSize="sm"
          aria-label={t('grid.cell', { n, column: h })}
          aria-invalid={bad.has(i) || undefined}
          value={row.cells[i] ?? ''}
          disabled={!editable || sent || row.state === 'dropped'}
          onChange={(e) => onCell(row.key, i, e.target.value)}
        />
      ))}
      <span
        className={`line-clamp-2 text-xs ${row.state === 'failed' || errors.length > 0 ? 'text-destructive' : 'text-muted-foreground'}`}
        title={message || undefined}
        data-testid="batch-row-problem"
      >
        {message}
        {!said && row.resultUrl ? (
          <>
            {message ? ' ' : ''}
            <a href={row.resultUrl} className="underline">
              {t('grid.result')}
            </a>
          </>
        ) : null}
      </span>
      {/* A row in doubt is not dropped: its send may have made a task, which it is to follow. */}
      {!sent && editable && !doubt ? (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => onDrop(row.key, row.state !== 'dropped')}
          aria-label={t(row.state === 'dropped' ? 'grid.restoreRow' : 'grid.dropRow', { n })}
        >
          {t(row.state === 'dropped' ? 'grid.restore' : 'grid.drop')}
        </Button>
      ) : (
        <span />
      )}
    </div>
  );
});
