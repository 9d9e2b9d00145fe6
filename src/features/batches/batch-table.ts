import Papa from 'papaparse';
import { variablesInRequest, type TemplateVariable } from '@/lib/templates/variables';
import {
  BATCH_FIELDS,
  DIGITAL_HUMAN_BATCH_FIELDS,
  fieldsOf,
  MUSIC_BATCH_FIELDS,
  newRowKey,
  type Batch,
  type BatchField,
  type BatchRow,
  type ColumnTarget,
} from './batch-model';

/**
 * Reading a pasted or dropped table. CSV and TSV both: papaparse guesses the delimiter (comma,
 * tab, semicolon) and handles quoted cells with commas, quotes and line breaks, which a split on
 * commas does not. The first line names the columns.
 */
export interface ParsedTable {
  headers: string[];
  rows: string[][];
}

/**
 * What one table may make this tab do: a pasted or dropped file is read, parsed, checked row by row
 * and kept in IndexedDB, so a 100 MB export of a whole shop would freeze the page. Far above the
 * issue's 1,000 rows; a bigger catalogue is several batches.
 */
export const TABLE_LIMITS = { chars: 5_000_000, rows: 10_000, columns: 100 } as const;

/** A table past TABLE_LIMITS: which bound, so the page can say what to do. */
export class TableTooLarge extends Error {
  constructor(
    readonly bound: keyof typeof TABLE_LIMITS,
    readonly found: number,
  ) {
    super(`table has ${found} ${bound}, more than ${TABLE_LIMITS[bound]}`);
    this.name = 'TableTooLarge';
  }
}

/** Refuses a file by its size before it is read at all. */
export function checkTableSize(chars: number): void {
  if (chars > TABLE_LIMITS.chars) throw new TableTooLarge('chars', chars);
}

export function parseTable(text: string): ParsedTable {
  checkTableSize(text.length);
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [head = [], ...body] = result.data;
  if (body.length > TABLE_LIMITS.rows) throw new TableTooLarge('rows', body.length);
  const headers = head.map((h, i) => h.trim() || `column ${i + 1}`);
  const width = body.reduce((widest, r) => Math.max(widest, r.length), headers.length);
  if (width > TABLE_LIMITS.columns) throw new TableTooLarge('columns', width);
  while (headers.length < width) headers.push(`column ${headers.length + 1}`);
  return { headers, rows: body.map((r) => headers.map((_, i) => r[i] ?? '')) };
}

export function toRows(cells: string[][]): BatchRow[] {
  return cells.map((c) => ({ key: newRowKey(), cells: c, state: 'pending' }));
}

/** Other names people give the fields in a header (lower case, blanks as `_`). */
const FIELD_ALIASES: Record<string, BatchField> = {
  text: 'prompt',
  seconds: 'duration',
  aspect_ratio: 'ratio',
  aspect: 'ratio',
  first_frame_url: 'first_frame',
  firstframe: 'first_frame',
  image: 'reference_image',
  image_url: 'reference_image',
  reference: 'reference_image',
  video: 'reference_video',
  video_url: 'reference_video',
  lyrics: 'prompt',
  genre: 'style',
  avatar: 'avatar_asset_id',
  avatar_id: 'avatar_asset_id',
  audio: 'audio_url',
  speech: 'audio_url',
  voice: 'voice_asset_id',
  voice_id: 'voice_asset_id',
  script: 'text',
  authorization: 'authorization_asset_id',
  consent: 'authorization_asset_id',
};

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * What each column feeds at first: a `{{variable}}` of the request of the same name, else a field
 * of the same (or a usual other) name, else nothing. The person changes any of them on the page.
 */
export function guessColumns(
  headers: readonly string[],
  request: unknown,
  kind?: Batch['kind'],
): ColumnTarget[] {
  const fields: readonly string[] = fieldsOf(kind);
  const variables = variablesInRequest(request);
  return headers.map((header): ColumnTarget => {
    const exact = variables.find((v) => v === header.trim());
    if (exact) return { variable: exact };
    const name = normalise(header);
    const loose = variables.find((v) => normalise(v) === name);
    if (loose) return { variable: loose };
    if (fields.includes(name)) return { field: name as BatchField };
    const alias = FIELD_ALIASES[name];
    if (alias && fields.includes(alias)) return { field: alias };
    return { ignore: true };
  });
}

export function targetKey(target: ColumnTarget): string {
  if ('variable' in target) return `var:${target.variable}`;
  if ('field' in target) return `field:${target.field}`;
  return 'ignore';
}

export function parseTargetKey(key: string): ColumnTarget {
  if (key.startsWith('var:')) return { variable: key.slice(4) };
  const fields: readonly string[] = [...BATCH_FIELDS, ...MUSIC_BATCH_FIELDS, ...DIGITAL_HUMAN_BATCH_FIELDS];
  if (key.startsWith('field:') && fields.includes(key.slice(6))) return { field: key.slice(6) as BatchField };
  return { ignore: true };
}

/**
 * The seam for a saved template (issue 45, section 1): a batch takes any request with its
 * variables' defaults. Columns already read keep their place and are mapped afresh to the new
 * request's variables.
 */
export function startFromRequest<
  B extends Pick<Batch, 'request' | 'variables' | 'headers' | 'columns'> & Partial<Pick<Batch, 'kind'>>,
>(batch: B, request: Record<string, unknown>, variables: readonly TemplateVariable[] = []): B {
  return {
    ...batch,
    request: { ...request },
    variables: [...variables],
    columns: guessColumns(batch.headers, request, batch.kind),
  };
}
