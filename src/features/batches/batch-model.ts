import { DIGITAL_HUMAN_VIDEO_MODELS } from '@contract/models';
import type { TemplateVariable } from '@/lib/templates/variables';

/**
 * A batch from a table (issue 45): one request with `{{variables}}`, a table whose columns map to
 * those variables or to request fields, and one task per row. Kept whole in IndexedDB
 * (batch-storage.ts), so a run survives a reload or a closed tab.
 */

/**
 * What a batch makes: videos (POST /v1/videos), music tracks or digital-human videos and speech
 * (POST /v1/tasks, as the music and digital-human forms send them).
 */
export const BATCH_KINDS = ['video', 'music', 'digital_human'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

/** Request fields a column can set directly, whatever the request says, for each kind. */
export const BATCH_FIELDS = [
  'prompt',
  'model',
  'duration',
  'ratio',
  'resolution',
  'first_frame',
  'reference_image',
  'reference_video',
] as const;
export const MUSIC_BATCH_FIELDS = ['prompt', 'model', 'style', 'title'] as const;
/**
 * The digital-human body's fields (both modes: a video's avatar and audio, a speech's text and
 * voice), and the consent record, which the form asks for and never sends (decision 066).
 */
export const DIGITAL_HUMAN_BATCH_FIELDS = [
  'model',
  'avatar_asset_id',
  'audio_url',
  'name',
  'text',
  'voice_asset_id',
  'authorization_asset_id',
] as const;
export type BatchField =
  | (typeof BATCH_FIELDS)[number]
  | (typeof MUSIC_BATCH_FIELDS)[number]
  | (typeof DIGITAL_HUMAN_BATCH_FIELDS)[number];

export const fieldsOf = (kind: BatchKind | undefined): readonly BatchField[] =>
  kind === 'music'
    ? MUSIC_BATCH_FIELDS
    : kind === 'digital_human'
      ? DIGITAL_HUMAN_BATCH_FIELDS
      : BATCH_FIELDS;

/** What one column feeds: a `{{variable}}` of the request, a request field, or nothing. */
export type ColumnTarget = { variable: string } | { field: BatchField } | { ignore: true };

/** A row's error that is a code, not words: a reload cut its create off (batch-runner.ts recovered()). */
export const SEND_CUT_OFF = 'sendCutOff';

export type RowState = 'pending' | 'sending' | 'running' | 'succeeded' | 'failed' | 'dropped';

export interface BatchRow {
  /** Stable identity (React keys, edits); the row's number is its place in `rows`, from 1. */
  key: string;
  cells: string[];
  state: RowState;
  taskId?: string;
  resultUrl?: string;
  /** Why it failed, in words (the server's message, or the runner's). */
  error?: string;
  /** The asset its result was saved as (Save results as assets). */
  assetId?: string;
  /** Tokens the server reported once it ended, else absent. */
  tokens?: number;
  startedAt?: number;
  endedAt?: number;
  /**
   * The row's create POST's Idempotency-Key (decision 640), kept (written with 'sending') before
   * the POST leaves: a reload that cut its answer off sends it again under the same key, and the
   * local server answers with the task it made. Only where keys travel (the local server). Kept
   * until an answer settles what the key made (a task, or a refusal the server keeps): while it is
   * kept, the row is in doubt (decision 670).
   */
  sendKey?: string;
  /**
   * The bodies sent under `sendKey` whose answer was never seen, written with it: one of them may
   * hold the key on the server. Sent again under it once the row was edited, a 422 says which
   * (decision 670).
   */
  sentBodies?: Record<string, unknown>[];
  /** What happened to the row that its state does not say: its task was made before an edit of it. */
  note?: 'sentBeforeEdit';
}

/** Why a run stopped on its own: the quota is spent (402), or the key was refused. */
export type StopReason = 'quota' | 'unauthorized';

export interface Batch {
  /** `batch_…`: also the registry's batchId of its tasks, so the monitor groups them. */
  id: string;
  name: string;
  kind: BatchKind;
  /** The request every row starts from: any JSON body, its strings may hold `{{variables}}`. */
  request: Record<string, unknown>;
  variables: TemplateVariable[];
  headers: string[];
  columns: ColumnTarget[];
  rows: BatchRow[];
  concurrency: number;
  /** `draft` until Run; `running` is what the shell resumes after a reload. */
  state: 'draft' | 'running' | 'paused' | 'stopped' | 'done';
  stopReason?: StopReason;
  /** Every send waits until then (a 429's Retry-After, for the whole batch). */
  pausedUntil?: number;
  /**
   * The last edits of other tabs written onto it (their keys, decision 660): an edit kept in
   * IndexedDB for a tab that closed is applied once, whoever finds it.
   */
  editsWritten?: string[];
  /**
   * When each part the person edits was last edited, in any tab (`f:<field>`, `r:<row key>`,
   * `order`, `state`): an edit found kept late, its tab crashed before telling it, leaves a later
   * edit of the same part as it is (decision 660).
   */
  editedAt?: Record<string, number>;
  createdAt: number;
  updatedAt: number;
}

export const MIN_CONCURRENCY = 1;
export const MAX_CONCURRENCY = 16;
export const DEFAULT_CONCURRENCY = 3;

export function clampConcurrency(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, Math.round(n)));
}

let counter = 0;
export function newRowKey(): string {
  counter += 1;
  return `r${Date.now().toString(36)}${counter.toString(36)}`;
}

export function newBatchId(): string {
  return `batch_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The default request of a new batch: a prompt with one variable, the composer's defaults. */
export const STARTER_REQUEST: Record<string, unknown> = {
  model: 'video-2.0-cl',
  prompt: 'A product shot of {{product}}',
  duration: 5,
  ratio: '16:9',
  resolution: '720p',
};

/** A music batch's first request: described tracks, the music form's defaults. */
export const MUSIC_STARTER_REQUEST: Record<string, unknown> = {
  model: 'music-v5.5',
  prompt: 'A short jingle for {{product}}',
  style: '',
  title: '',
  customMode: false,
};

/**
 * A digital-human batch's first request: an avatar video, each row's avatar and speech audio from
 * its columns. `authorization_asset_id` is the dashboard's own (the consent record), never sent.
 */
export const DIGITAL_HUMAN_STARTER_REQUEST: Record<string, unknown> = {
  model: DIGITAL_HUMAN_VIDEO_MODELS[0],
  avatar_asset_id: '',
  audio_url: '',
  name: '{{name}}',
  authorization_asset_id: '',
};

const STARTERS: Record<BatchKind, Record<string, unknown>> = {
  video: STARTER_REQUEST,
  music: MUSIC_STARTER_REQUEST,
  digital_human: DIGITAL_HUMAN_STARTER_REQUEST,
};

export const starterRequest = (kind: BatchKind) => ({ ...STARTERS[kind] });

export function emptyBatch(now = Date.now(), kind: BatchKind = 'video'): Batch {
  return {
    id: newBatchId(),
    name: '',
    kind,
    request: starterRequest(kind),
    variables: [],
    headers: [],
    columns: [],
    rows: [],
    concurrency: DEFAULT_CONCURRENCY,
    state: 'draft',
    createdAt: now,
    updatedAt: now,
  };
}

export const isActiveRow = (row: BatchRow) => row.state === 'sending' || row.state === 'running';
export const isEndedRow = (row: BatchRow) => row.state === 'succeeded' || row.state === 'failed';

/**
 * A write of a batch that was deleted (by this tab or another): nothing was written, and the tab
 * holding it lets it go (decision 700).
 */
export class BatchDeletedError extends Error {
  constructor(readonly batchId: string) {
    super(`The batch ${batchId} was deleted`);
    this.name = 'BatchDeletedError';
  }
}
