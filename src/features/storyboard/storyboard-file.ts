import * as z from 'zod/mini';
import { completedDraft } from '@/lib/form/draft-storage';
import { EMPTY_COMPOSER_DRAFT, newReferenceKey, type ReferenceDraft } from '@/lib/video-draft/draft';
import { CAMERA_MOVES } from './camera';
import {
  fitJoins,
  MAX_ASSEMBLIES,
  newShotId,
  newStoryboardId,
  type Shot,
  type ShotRun,
  type Storyboard,
} from './storyboard';
import { MAX_TAKES } from './storyboard-runs';

/**
 * Storyboards as JSON: what "Export" writes and "Import" reads, and what IndexedDB gives back.
 * Read leniently (a field of the wrong type falls back to its default; at most MAX_SHOTS shots),
 * never trusted blindly.
 */
export const STORYBOARD_FILE_FORMAT = 'media-studio.storyboard';
export const MAX_SHOTS = 12;
const MAX_CAST = 20;

// zod/mini, as every browser module (vite.config.ts): full zod would bring all of zod's core along.
const str = (max: number) => z.string().check(z.maxLength(max));
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const ReferenceSchema = z.object({
  // A stored row keeps its key: a board read again (another tab's write merged in) keeps its rows.
  key: z.catch(z.optional(str(64)), undefined),
  role: str(40),
  mediaType: z.catch(z.enum(['image', 'video', 'audio']), 'image'),
  alias: z.catch(str(64), ''),
  url: z.catch(str(4096), ''),
});

const SettingsSchema = optional(
  z.object({
    model: str(200),
    prompt: z.catch(str(20_000), ''),
    duration: optional(z.number()),
    resolution: optional(str(40)),
    ratio: optional(str(40)),
    seed: optional(z.number()),
    camera: optional(z.enum(CAMERA_MOVES)),
    frameAt: optional(z.number()),
    request: optional(str(40)),
  }),
);
const TakeSchema = z.object({ taskId: str(200), resultUrl: str(4096), settings: SettingsSchema });

const RunSchema = z.catch(
  z.object({
    state: z.catch(
      z.enum([
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
      ]),
      'idle',
    ),
    taskId: optional(str(200)),
    progress: optional(z.number()),
    resultUrl: optional(str(4096)),
    frameAssetId: optional(str(200)),
    registeringSince: optional(z.number()),
    sendKey: optional(str(200)),
    error: optional(str(2000)),
    frameRefused: optional(z.boolean()),
    stale: optional(z.boolean()),
    kept: optional(TakeSchema),
    sent: SettingsSchema,
    // Written at most MAX_TAKES long; a longer list (an edited file) keeps its newest. A take that
    // does not read as one is left out alone: the shot's other takes stay.
    takes: optional(
      z.pipe(
        z.array(optional(TakeSchema)),
        z.transform((takes) => takes.filter((t) => t !== undefined).slice(-MAX_TAKES)),
      ),
    ),
  }),
  { state: 'idle' as const },
);

const ShotSchema = z.object({
  id: z.catch(str(100), () => newShotId()),
  draft: z.unknown(),
  continueFromPrevious: z.catch(z.boolean(), false),
  frameAt: optional(z.number().check(z.minimum(0))),
  camera: optional(z.enum(CAMERA_MOVES)),
  sound: optional(
    z.object({
      narration: optional(str(1000)),
      caption: optional(str(300)),
      voice: optional(str(40)),
      speech: optional(z.object({ url: str(4096), seconds: z.number(), text: str(1000), voice: str(40) })),
    }),
  ),
  run: z.optional(RunSchema),
  stoppedTasks: optional(
    z.pipe(
      z.array(optional(z.object({ taskId: str(200), settings: SettingsSchema }))),
      z.transform((tasks) => tasks.filter((t) => t !== undefined).slice(-MAX_TAKES)),
    ),
  ),
});

const SoundSchema = optional(
  z.object({
    burnCaptions: z.catch(z.boolean(), false),
    music: optional(
      z.object({
        url: str(4096),
        name: optional(str(300)),
        taskId: optional(str(200)),
        volume: z.catch(z.number().check(z.minimum(0), z.maximum(4)), 1),
        fadeOut: z.catch(z.number().check(z.minimum(0), z.maximum(30)), 0),
        shotAudio: z.catch(z.enum(['keep', 'duck', 'mute']), 'duck'),
      }),
    ),
    composing: optional(
      z.object({ taskId: str(200), prompt: str(5000), seconds: z.number().check(z.minimum(1)) }),
    ),
  }),
);

const AssemblySchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  progress: z.optional(z.number()),
  url: z.optional(z.string()),
  duration: z.optional(z.number()),
  scaled: z.optional(z.array(z.number())),
  error: z.optional(z.string()),
  taskIds: z.catch(z.array(z.string()), []),
  assetId: z.optional(z.string()),
  captionsUrl: optional(str(4096)),
  createdAt: optional(z.number()),
  recipe: optional(str(100_000)),
  sound: optional(
    z.object({
      music: optional(str(300)),
      narration: z.catch(z.number(), 0),
      captions: z.catch(z.number(), 0),
      burned: z.catch(z.boolean(), false),
    }),
  ),
});

const CastSchema = z.catch(z.array(ReferenceSchema).check(z.maxLength(MAX_CAST)), []);

const BoardSchema = z.object({
  id: z.optional(str(100)),
  name: z.catch(str(200), 'Storyboard'),
  updatedAt: z.catch(z.number(), 0),
  cast: CastSchema,
  shots: z.array(ShotSchema).check(z.minLength(1), z.maxLength(MAX_SHOTS)),
  joins: z.catch(z.array(z.catch(z.enum(['cut', 'crossfade']), 'cut')), []),
  batchId: optional(str(100)),
  frameGroupId: optional(str(200)),
  assembly: optional(AssemblySchema),
  assemblies: z.catch(
    z.optional(
      z.pipe(
        z.array(z.catch(z.optional(AssemblySchema), undefined)),
        z.transform((list) => list.filter((a) => a !== undefined).slice(0, MAX_ASSEMBLIES)),
      ),
    ),
    undefined,
  ),
  sound: SoundSchema,
});

function references(list: z.infer<typeof ReferenceSchema>[]): ReferenceDraft[] {
  return list.map(({ key, ...r }) => ({ key: key ?? newReferenceKey(), ...r }));
}

function shotOf(raw: z.infer<typeof ShotSchema>, keepRun: boolean): Shot {
  const draft = completedDraft(EMPTY_COMPOSER_DRAFT, raw.draft);
  const refs = CastSchema.parse(draft.references);
  return {
    id: raw.id,
    draft: { ...draft, references: references(refs) },
    continueFromPrevious: raw.continueFromPrevious,
    ...(raw.frameAt !== undefined ? { frameAt: raw.frameAt } : {}),
    ...(raw.camera ? { camera: raw.camera } : {}),
    // A spoken line is a file of the server it was made on: an import speaks it again.
    ...(raw.sound ? { sound: keepRun ? raw.sound : { ...raw.sound, speech: undefined } } : {}),
    run: keepRun && raw.run ? (raw.run as ShotRun) : { state: 'idle' },
    // Tasks of the server this board ran on, still followed after a Stop: not an import's.
    ...(keepRun && raw.stoppedTasks?.length ? { stoppedTasks: raw.stoppedTasks } : {}),
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
    ...(!fresh && parsed.frameGroupId ? { frameGroupId: parsed.frameGroupId } : {}),
    ...(!fresh && parsed.assembly ? { assembly: parsed.assembly } : {}),
    ...(!fresh && parsed.assemblies?.length ? { assemblies: parsed.assemblies } : {}),
    // A music task still composing is one of the server it was started on.
    ...(parsed.sound ? { sound: fresh ? { ...parsed.sound, composing: undefined } : parsed.sound } : {}),
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
        ...(s.frameAt !== undefined ? { frameAt: s.frameAt } : {}),
        ...(s.camera ? { camera: s.camera } : {}),
        ...(s.sound
          ? { sound: { narration: s.sound.narration, caption: s.sound.caption, voice: s.sound.voice } }
          : {}),
        draft: { ...s.draft, references: strip(s.draft.references) },
      })),
      joins: board.joins,
      ...(board.sound ? { sound: { ...board.sound, composing: undefined } } : {}),
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
