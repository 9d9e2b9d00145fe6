import { z } from 'zod';
import { completedDraft } from '@/lib/form/draft-storage';
import { EMPTY_COMPOSER_DRAFT, newReferenceKey, type ReferenceDraft } from '@/lib/video-draft/draft';
import { fitJoins, newShotId, newStoryboardId, type Shot, type ShotRun, type Storyboard } from './storyboard';

/**
 * Storyboards as JSON: what "Export" writes and "Import" reads, and what IndexedDB gives back.
 * Read leniently (a field of the wrong type falls back to its default; at most MAX_SHOTS shots),
 * never trusted blindly.
 */
export const STORYBOARD_FILE_FORMAT = 'media-studio.storyboard';
export const MAX_SHOTS = 12;
const MAX_CAST = 20;

const ReferenceSchema = z.object({
  role: z.string().max(40),
  mediaType: z.enum(['image', 'video', 'audio']).catch('image'),
  alias: z.string().max(64).catch(''),
  url: z.string().max(4096).catch(''),
});

const RunSchema = z
  .object({
    state: z
      .enum([
        'idle',
        'queued',
        'framing',
        'registering',
        'preparing',
        'submitting',
        'running',
        'succeeded',
        'failed',
        'blocked',
      ])
      .catch('idle'),
    taskId: z.string().max(200).optional().catch(undefined),
    progress: z.number().optional().catch(undefined),
    resultUrl: z.string().max(4096).optional().catch(undefined),
    frameAssetId: z.string().max(200).optional().catch(undefined),
    error: z.string().max(2000).optional().catch(undefined),
    frameRefused: z.boolean().optional().catch(undefined),
    stale: z.boolean().optional().catch(undefined),
  })
  .catch({ state: 'idle' });

const ShotSchema = z.object({
  id: z
    .string()
    .max(100)
    .catch(() => newShotId()),
  draft: z.unknown(),
  continueFromPrevious: z.boolean().catch(false),
  run: RunSchema.optional(),
});

const BoardSchema = z.object({
  id: z.string().max(100).optional(),
  name: z.string().max(200).catch('Storyboard'),
  updatedAt: z.number().catch(0),
  cast: z.array(ReferenceSchema).max(MAX_CAST).catch([]),
  shots: z.array(ShotSchema).min(1).max(MAX_SHOTS),
  joins: z.array(z.enum(['cut', 'crossfade']).catch('cut')).catch([]),
  batchId: z.string().max(100).optional().catch(undefined),
  assembly: z
    .object({
      id: z.string(),
      status: z.enum(['running', 'succeeded', 'failed']),
      progress: z.number().optional(),
      url: z.string().optional(),
      duration: z.number().optional(),
      scaled: z.array(z.number()).optional(),
      error: z.string().optional(),
      taskIds: z.array(z.string()).catch([]),
      assetId: z.string().optional(),
    })
    .optional()
    .catch(undefined),
});

function references(list: z.infer<typeof ReferenceSchema>[]): ReferenceDraft[] {
  return list.map((r) => ({ key: newReferenceKey(), ...r }));
}

function shotOf(raw: z.infer<typeof ShotSchema>, keepRun: boolean): Shot {
  const draft = completedDraft(EMPTY_COMPOSER_DRAFT, raw.draft);
  const refs = z.array(ReferenceSchema).max(MAX_CAST).catch([]).parse(draft.references);
  return {
    id: raw.id,
    draft: { ...draft, references: references(refs) },
    continueFromPrevious: raw.continueFromPrevious,
    run: keepRun && raw.run ? (raw.run as ShotRun) : { state: 'idle' },
  };
}

/**
 * A storyboard from stored or imported JSON. `fresh` (an import) gives it a new id and drops the
 * state of runs made elsewhere; a stored record keeps its id and run (the tab resumes it).
 */
export function parseStoryboard(data: unknown, { fresh }: { fresh: boolean }): Storyboard {
  const parsed = BoardSchema.parse(data);
  const shots = parsed.shots.map((s) => shotOf(s, !fresh));
  return {
    id: !fresh && parsed.id ? parsed.id : newStoryboardId(),
    name: parsed.name,
    updatedAt: fresh ? Date.now() : parsed.updatedAt,
    cast: references(parsed.cast),
    shots,
    joins: fitJoins(parsed.joins, shots.length),
    ...(!fresh && parsed.batchId ? { batchId: parsed.batchId } : {}),
    ...(!fresh && parsed.assembly ? { assembly: parsed.assembly } : {}),
  };
}

/** The export file: the storyboard's drafts and cast, without reference row keys or run state. */
export function exportStoryboard(board: Storyboard): string {
  const strip = (refs: ReferenceDraft[]) =>
    refs.map(({ role, mediaType, alias, url }) => ({ role, mediaType, alias, url }));
  return JSON.stringify(
    {
      format: STORYBOARD_FILE_FORMAT,
      version: 1,
      name: board.name,
      cast: strip(board.cast),
      shots: board.shots.map((s) => ({
        continueFromPrevious: s.continueFromPrevious,
        draft: { ...s.draft, references: strip(s.draft.references) },
      })),
      joins: board.joins,
    },
    null,
    2,
  );
}

/** Reads an export file; throws an Error whose message says what is wrong with it. */
export function importStoryboard(text: string): Storyboard {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('notJson');
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { format?: unknown }).format !== STORYBOARD_FILE_FORMAT
  )
    throw new Error('notStoryboard');
  const result = BoardSchema.safeParse(data);
  if (!result.success) throw new Error('invalidShots');
  return parseStoryboard(data, { fresh: true });
}
