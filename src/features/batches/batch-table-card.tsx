import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { variablesInRequest } from '@/lib/templates/variables';
import { fieldsOf, newRowKey, type Batch } from './batch-model';
import {
  checkTableSize,
  guessColumns,
  parseTable,
  parseTargetKey,
  TABLE_LIMITS,
  TableTooLarge,
  targetKey,
  toRows,
} from './batch-table';

/** Reads a table (pasted, dropped or chosen), adds rows to type into, and maps each column. */
export function BatchTableCard({
  batch,
  disabled,
  onChange,
}: {
  batch: Batch;
  disabled: boolean;
  onChange: (change: (b: Batch) => Batch) => void;
}) {
  const { t } = useTranslation('batches');
  const [pasted, setPasted] = useState('');
  const [over, setOver] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const variables = variablesInRequest(batch.request);

  const [tooLarge, setTooLarge] = useState<TableTooLarge | null>(null);
  // Read empties the paste box, which disables Read under the focus: the focus goes on to the
  // next thing to check, what the first column fills, not back to the top of the page.
  const firstColumn = useRef<HTMLSelectElement>(null);
  const focusAfterRead = useRef(false);
  useEffect(() => {
    if (!focusAfterRead.current) return;
    focusAfterRead.current = false;
    firstColumn.current?.focus();
  }, [batch.headers]);

  function read(text: string) {
    let table;
    try {
      table = parseTable(text);
    } catch (error) {
      if (error instanceof TableTooLarge) return setTooLarge(error);
      throw error;
    }
    setTooLarge(null);
    if (table.headers.length === 0) return;
    onChange((b) => ({
      ...b,
      headers: table.headers,
      columns: guessColumns(table.headers, b.request, b.kind),
      rows: toRows(table.rows),
    }));
    setPasted('');
    focusAfterRead.current = true;
  }

  /** A file past the size bound is refused before it is read into the page. */
  function readFile(chosen: File) {
    try {
      checkTableSize(chosen.size);
    } catch (error) {
      if (error instanceof TableTooLarge) return setTooLarge(error);
      throw error;
    }
    void chosen.text().then(read);
  }

  function addRow() {
    onChange((b) => {
      // A table typed from nothing gets one column per variable of the request.
      const headers = b.headers.length > 0 ? b.headers : variablesInRequest(b.request);
      const columns = b.headers.length > 0 ? b.columns : guessColumns(headers, b.request, b.kind);
      return {
        ...b,
        headers,
        columns,
        rows: [...b.rows, { key: newRowKey(), cells: headers.map(() => ''), state: 'pending' }],
      };
    });
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) readFile(dropped);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('table.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <fieldset disabled={disabled} className="grid gap-3">
          <div
            data-testid="batch-drop"
            onDragOver={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
            className={over ? 'rounded-md bg-accent' : undefined}
          >
            <Label htmlFor="batch-paste">{t('table.paste')}</Label>
            <Textarea
              id="batch-paste"
              code
              className="mt-2"
              placeholder={t(
                batch.kind === 'music'
                  ? 'table.pastePlaceholderMusic'
                  : batch.kind === 'digital_human'
                    ? 'table.pastePlaceholderDigitalHuman'
                    : 'table.pastePlaceholder',
              )}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
            />
          </div>
          {tooLarge && (
            <p role="alert" className="text-sm text-destructive">
              {t(`table.tooLarge.${tooLarge.bound}`, {
                found: tooLarge.found,
                limit: TABLE_LIMITS[tooLarge.bound],
              })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => read(pasted)} disabled={!pasted.trim()}>
              {t('table.read')}
            </Button>
            <input
              ref={file}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              className="sr-only"
              aria-label={t('table.file')}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                if (chosen) readFile(chosen);
                e.target.value = '';
              }}
            />
            <Button type="button" variant="outline" onClick={() => file.current?.click()}>
              {t('table.file')}
            </Button>
            <Button type="button" variant="outline" onClick={addRow}>
              <Plus aria-hidden="true" /> {t('table.addRow')}
            </Button>
          </div>
          {batch.headers.length > 0 && (
            <div className="grid gap-2">
              <p className="text-sm font-medium">{t('table.columns')}</p>
              <ul className="grid gap-2 sm:grid-cols-3">
                {batch.headers.map((header, i) => (
                  <li key={`${header}-${i}`} className="grid gap-1">
                    <Label htmlFor={`batch-col-${i}`}>{header}</Label>
                    <Select
                      ref={i === 0 ? firstColumn : undefined}
                      id={`batch-col-${i}`}
                      value={targetKey(batch.columns[i] ?? { ignore: true })}
                      onChange={(e) =>
                        onChange((b) => ({
                          ...b,
                          columns: b.headers.map((_, j) =>
                            j === i ? parseTargetKey(e.target.value) : (b.columns[j] ?? { ignore: true }),
                          ),
                        }))
                      }
                    >
                      <option value="ignore">{t('table.ignore')}</option>
                      {variables.map((v) => (
                        <option key={v} value={`var:${v}`}>
                          {t('table.variable', { name: v })}
                        </option>
                      ))}
                      {fieldsOf(batch.kind).map((f) => (
                        <option key={f} value={`field:${f}`}>
                          {t(`fields.${f}`)}
                        </option>
                      ))}
                    </Select>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </fieldset>
      </CardContent>
    </Card>
  );
}
