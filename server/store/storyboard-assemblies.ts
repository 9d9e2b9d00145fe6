import type Database from 'better-sqlite3';
import type { AssemblyAudio } from '@contract/storyboard-assembly';

type Join = 'cut' | 'crossfade';

/** Sound and captions over the whole cut (decision 370); shots counted from 0. */
export interface AssemblySound {
  audio?: AssemblyAudio;
  narration: Array<{ shot: number; url: string }>;
  captions: Array<{ shot: number; text: string }>;
  burn_captions: boolean;
}

/** One assembly job of `storyboard_assemblies` (decision 335), as the service works with it. */
export interface AssemblyRecord {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  /** 0..1 while running. */
  progress: number;
  shots: Array<{ url: string }>;
  joins: Join[];
  /** Absent on a record without music, narration or captions (and on every record before them). */
  sound?: AssemblySound;
  /** Unix seconds. */
  created_at: number;
  /** The origin the request used: the file's URL is built on it. */
  origin: string;
  url?: string;
  /** The WebVTT file of the captions, when the assembly has captions and has succeeded. */
  captions_url?: string;
  file_name?: string;
  duration?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Shots (0-based) whose size or frame rate were changed to the first shot's. */
  scaled?: number[];
  error?: string;
}

interface Row {
  id: string;
  owner: string;
  status: AssemblyRecord['status'];
  progress: number;
  shots: string;
  joins: string;
  origin: string;
  created_at: number;
  url: string | null;
  file_name: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  scaled: string | null;
  error: string | null;
  sound: string | null;
  captions_url: string | null;
}

const optional = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;

function fromRow(row: Row): AssemblyRecord {
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    shots: JSON.parse(row.shots) as AssemblyRecord['shots'],
    joins: JSON.parse(row.joins) as Join[],
    ...(row.sound === null ? {} : { sound: JSON.parse(row.sound) as AssemblySound }),
    created_at: row.created_at,
    origin: row.origin,
    ...optional('url', row.url),
    ...optional('captions_url', row.captions_url),
    ...optional('file_name', row.file_name),
    ...optional('duration', row.duration),
    ...optional('width', row.width),
    ...optional('height', row.height),
    ...optional('fps', row.fps),
    ...(row.scaled === null ? {} : { scaled: JSON.parse(row.scaled) as number[] }),
    ...optional('error', row.error),
  };
}

/**
 * Writes the whole record (insert or replace) in one statement: a crash leaves the last committed
 * state, never half of one. Only the owner's row with that id is ever replaced.
 */
export function saveAssembly(
  db: Database.Database,
  owner: string,
  record: AssemblyRecord,
  now: number,
): void {
  const existing = db.prepare('SELECT owner FROM storyboard_assemblies WHERE id = ?').get(record.id) as
    { owner: string } | undefined;
  if (existing && existing.owner !== owner) throw new Error(`assembly ${record.id} belongs to another key`);
  db.prepare(
    `INSERT INTO storyboard_assemblies
       (id, owner, status, progress, shots, joins, origin, created_at, url, file_name, duration,
        width, height, fps, scaled, error, sound, captions_url, updated_ms)
     VALUES (@id, @owner, @status, @progress, @shots, @joins, @origin, @created_at, @url, @file_name,
        @duration, @width, @height, @fps, @scaled, @error, @sound, @captions_url, @updated_ms)
     ON CONFLICT (id) DO UPDATE SET
       status = excluded.status, progress = excluded.progress, url = excluded.url,
       file_name = excluded.file_name, duration = excluded.duration, width = excluded.width,
       height = excluded.height, fps = excluded.fps, scaled = excluded.scaled, error = excluded.error,
       captions_url = excluded.captions_url, updated_ms = excluded.updated_ms`,
  ).run({
    id: record.id,
    owner,
    status: record.status,
    progress: record.progress,
    shots: JSON.stringify(record.shots),
    joins: JSON.stringify(record.joins),
    origin: record.origin,
    created_at: record.created_at,
    url: record.url ?? null,
    file_name: record.file_name ?? null,
    duration: record.duration ?? null,
    width: record.width ?? null,
    height: record.height ?? null,
    fps: record.fps ?? null,
    scaled: record.scaled ? JSON.stringify(record.scaled) : null,
    error: record.error ?? null,
    sound: record.sound ? JSON.stringify(record.sound) : null,
    captions_url: record.captions_url ?? null,
    updated_ms: now,
  });
}

/** The owner's assembly `id`; another key's is not found. */
export function findAssembly(db: Database.Database, owner: string, id: string): AssemblyRecord | undefined {
  const row = db.prepare('SELECT * FROM storyboard_assemblies WHERE id = ? AND owner = ?').get(id, owner) as
    Row | undefined;
  return row ? fromRow(row) : undefined;
}
