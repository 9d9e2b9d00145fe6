import { assetReference } from '@contract/asset';
import { estimateVideoTokens } from '@contract/usage';
import type { CreateVideo } from '@contract/video';
import {
  draftToRequest,
  EMPTY_COMPOSER_DRAFT,
  newReferenceKey,
  type ComposerDraft,
  type ReferenceDraft,
} from '@/lib/video-draft/draft';
import { promptWithCamera } from './camera';
import type { BoardSound } from './sound-types';
import type { AssemblyState, Join, Shot, ShotRun, ShotState } from './storyboard-types';

/**
 * A storyboard: shots in order, one cast of references shared by every shot, and the state of its
 * last run. Pure data and pure rules (dependency order, stale marking, what a reload resumes);
 * the runner (storyboard-runner.ts) performs the steps these functions name.
 */

export type {
  AssemblyState,
  Join,
  Shot,
  ShotRun,
  ShotState,
  StoppedTask,
  Take,
  TakeSettings,
} from './storyboard-types';

export interface Storyboard {
  id: string;
  name: string;
  updatedAt: number;
  /** References every shot can mention by alias and sends with its request. */
  cast: ReferenceDraft[];
  shots: Shot[];
  /** One per join between two shots. */
  joins: Join[];
  /** The monitor groups the run's tasks as one batch. */
  batchId?: string;
  /** The asset group its last frames are registered in ("Storyboard · <name>"), once made. */
  frameGroupId?: string;
  assembly?: AssemblyState;
  /** Finished cuts, newest first (at most MAX_ASSEMBLIES): each plays and downloads again. */
  assemblies?: AssemblyState[];
  sound?: BoardSound;
}

/** Cuts kept per storyboard: the local server keeps their files; older ones stay in its DATA_DIR. */
export const MAX_ASSEMBLIES = 10;

/** The board with a finished cut kept in its list (once, newest first). */
export function keptAssembly(board: Storyboard, assembly: AssemblyState): Storyboard {
  if (assembly.status !== 'succeeded' || !assembly.url) return { ...board, assembly };
  const others = (board.assemblies ?? []).filter((a) => a.id !== assembly.id);
  return { ...board, assembly, assemblies: [assembly, ...others].slice(0, MAX_ASSEMBLIES) };
}

const rand = () => Math.random().toString(36).slice(2, 8);
export const newShotId = () => `shot-${Date.now().toString(36)}-${rand()}`;
export const newStoryboardId = () => `sb-${Date.now().toString(36)}-${rand()}`;

export function newShot(draft: Partial<ComposerDraft> = {}, continueFromPrevious = false): Shot {
  return {
    id: newShotId(),
    draft: { ...EMPTY_COMPOSER_DRAFT, references: [], ...draft },
    continueFromPrevious,
    run: { state: 'idle' },
  };
}

export function newStoryboard(name: string): Storyboard {
  return { id: newStoryboardId(), name, updatedAt: Date.now(), cast: [], shots: [newShot()], joins: [] };
}

/** Joins follow the shots: one per pair, new ones a cut. */
export function fitJoins(joins: readonly Join[], shots: number): Join[] {
  return Array.from({ length: Math.max(0, shots - 1) }, (_, i) => joins[i] ?? 'cut');
}

/** The index of the shot this one waits for, or undefined when it starts on its own. */
export function predecessorOf(board: Storyboard, index: number): number | undefined {
  return index > 0 && board.shots[index]?.continueFromPrevious ? index - 1 : undefined;
}

/** Every shot that (transitively) continues from `index`. */
export function dependentsOf(board: Storyboard, index: number): number[] {
  const out: number[] = [];
  for (let i = index + 1; i < board.shots.length && board.shots[i]!.continueFromPrevious; i++) out.push(i);
  return out;
}

const FRAME_ALIAS_PLACEHOLDER = (n: number) => assetReference(`last-frame-of-shot-${n}`);

/**
 * The draft a shot sends: its first frame (the predecessor's last frame), then the cast, then its
 * own references, in that order (a refusal's references[i] names row i of this list).
 */
export function sentDraft(board: Storyboard, index: number, frameUrl?: string): ComposerDraft {
  const shot = board.shots[index]!;
  const references: ReferenceDraft[] = [];
  if (predecessorOf(board, index) !== undefined) {
    references.push({
      key: `frame-${shot.id}`,
      role: 'first_frame',
      mediaType: 'image',
      alias: '',
      url: frameUrl ?? FRAME_ALIAS_PLACEHOLDER(index),
    });
  }
  references.push(...board.cast, ...shot.draft.references);
  return { ...shot.draft, prompt: promptWithCamera(shot.draft.prompt, shot.camera), references };
}

export function shotBody(board: Storyboard, index: number, frameUrl?: string): CreateVideo {
  return draftToRequest(sentDraft(board, index, frameUrl));
}

/** One estimate for the given shots (all by default); undefined while any one cannot be estimated. */
export function totalEstimate(
  board: Storyboard,
  indices: readonly number[] = board.shots.map((_, i) => i),
): number | undefined {
  let total = 0;
  for (const i of indices) {
    const tokens = estimateVideoTokens(shotBody(board, i));
    if (tokens === undefined) return undefined;
    total += tokens;
  }
  return total;
}

const ACTIVE: ReadonlySet<ShotState> = new Set([
  'framing',
  'registering',
  'preparing',
  'submitting',
  'running',
]);
export const isActive = (run: ShotRun) => ACTIVE.has(run.state);
export const isRunning = (board: Storyboard) =>
  board.shots.some((s) => s.run.state === 'queued' || isActive(s.run));

function withRun(board: Storyboard, index: number, run: ShotRun): Storyboard {
  return { ...board, shots: board.shots.map((s, i) => (i === index ? { ...s, run } : s)) };
}

export function shotChanged(board: Storyboard, shotId: string, change: Partial<ShotRun>): Storyboard {
  const index = board.shots.findIndex((s) => s.id === shotId);
  if (index < 0) return board;
  return withRun(board, index, { ...board.shots[index]!.run, ...change });
}

export type Step =
  /** Create the task now (no predecessor, or the frame asset is ready). */
  | { kind: 'submit'; index: number }
  /** Take the predecessor's last frame and register it. */
  | { kind: 'frame'; index: number; from: number }
  /** Cannot start: say why. */
  | { kind: 'block'; index: number; from: number; reason: 'failed' | 'noResult' };

/**
 * What the runner may start now, in order. A shot without a predecessor starts at once; a
 * continuing shot waits for its predecessor to succeed; a failed, blocked or result-less
 * predecessor blocks it (and so, in turn, every shot after it).
 */
export function nextSteps(board: Storyboard): Step[] {
  const steps: Step[] = [];
  board.shots.forEach((shot, index) => {
    if (shot.run.state !== 'queued') return;
    const from = predecessorOf(board, index);
    if (from === undefined) return steps.push({ kind: 'submit', index });
    const before = board.shots[from]!.run;
    if (before.state === 'succeeded') {
      if (before.resultUrl) steps.push({ kind: 'frame', index, from });
      else steps.push({ kind: 'block', index, from, reason: 'noResult' });
    } else if (before.state === 'failed' || before.state === 'blocked') {
      steps.push({ kind: 'block', index, from, reason: 'failed' });
    } else if (before.state === 'idle') {
      steps.push({ kind: 'block', index, from, reason: 'noResult' });
    }
  });
  return steps;
}

/**
 * A storyboard as read back after a reload (the tab closed mid-run): tasks already created are
 * followed again; a frame asset already registered is re-queried, not made again; a step cut off
 * before it left a trace (taking the frame, uploading it) starts over from the queue.
 *
 * A task's POST cut off ('submitting', no id kept) may have created a paid task: it is sent again
 * only with its send key to a server that honours it (`sendKeys`: the local server, decision
 * 640), which then answers with that task. Otherwise the shot fails saying so (`sendCutOff`), and
 * Run sends it again when the person asks.
 */
export function resumed(board: Storyboard, { sendKeys = false }: { sendKeys?: boolean } = {}): Storyboard {
  return {
    ...board,
    shots: board.shots.map((s) => {
      const run = s.run;
      if (run.taskId && (run.state === 'submitting' || run.state === 'running'))
        return { ...s, run: { ...run, state: 'running' } };
      if (run.state === 'registering' && run.frameAssetId)
        return { ...s, run: { ...run, state: 'preparing' } };
      if (run.state === 'submitting' && !(run.sendKey && sendKeys)) {
        const { sendKey: _cutOff, sentBody: _sent, ...rest } = run;
        return { ...s, run: { ...rest, state: 'failed', error: 'sendCutOff', progress: undefined } };
      }
      if (run.state === 'framing' || run.state === 'registering' || run.state === 'submitting')
        return {
          ...s,
          run: {
            state: 'queued',
            // The shot's earlier takes, and the one on show meanwhile, outlive the step cut off.
            ...(run.kept ? { kept: run.kept } : {}),
            ...(run.takes?.length ? { takes: run.takes } : {}),
            ...(run.frameAssetId ? { frameAssetId: run.frameAssetId } : {}),
            // Sent again under the same key: the server answers with the task the cut-off POST made.
            ...(run.state === 'submitting' && run.sendKey
              ? {
                  sendKey: run.sendKey,
                  ...(run.sentBody ? { sentBody: run.sentBody } : {}),
                  ...(run.sent ? { sent: run.sent } : {}),
                }
              : {}),
            // An upload cut off by the reload may have landed: the runner looks for it first.
            ...(run.state === 'registering' && run.registeringSince !== undefined
              ? { registeringSince: run.registeringSince }
              : {}),
          },
        };
      return s;
    }),
  };
}

/** Overall progress of a run, 0..1: finished shots count whole, running ones by their progress. */
export function overallProgress(board: Storyboard): number {
  if (board.shots.length === 0) return 0;
  const sum = board.shots.reduce((acc, s) => {
    if (s.run.state === 'succeeded') return acc + 1;
    if (s.run.state === 'running') return acc + Math.min(1, Math.max(0, s.run.progress ?? 0));
    return acc;
  }, 0);
  return sum / board.shots.length;
}

/** A shot assembly can use: its run succeeded with a result, and is not stale. */
const hasCurrentTake = (s: Shot): boolean => s.run.state === 'succeeded' && !!s.run.resultUrl && !s.run.stale;

/** All shots succeeded with a result: the storyboard can be assembled. */
export function assemblable(board: Storyboard): boolean {
  return board.shots.length > 0 && board.shots.every(hasCurrentTake);
}

/** The numbers (from 1) of the shots that hold assembly back: no current take that succeeded. */
export function shotsNotReady(board: Storyboard): number[] {
  return board.shots.flatMap((s, i) => (hasCurrentTake(s) ? [] : [i + 1]));
}

/** A copy of a shot (its draft and setting), never its run. */
export function duplicateShot(shot: Shot): Shot {
  return {
    id: newShotId(),
    draft: {
      ...shot.draft,
      references: shot.draft.references.map((r) => ({ ...r, key: newReferenceKey() })),
    },
    continueFromPrevious: shot.continueFromPrevious,
    ...(shot.camera ? { camera: shot.camera } : {}),
    ...(shot.frameAt !== undefined ? { frameAt: shot.frameAt } : {}),
    // The lines are copied; their speech is made again for the copy when asked.
    ...(shot.sound
      ? { sound: { narration: shot.sound.narration, caption: shot.sound.caption, voice: shot.sound.voice } }
      : {}),
    run: { state: 'idle' },
  };
}

export function moveShot(board: Storyboard, from: number, to: number): Storyboard {
  if (to < 0 || to >= board.shots.length || from === to) return board;
  const shots = [...board.shots];
  const [moved] = shots.splice(from, 1);
  shots.splice(to, 0, moved!);
  return { ...board, shots };
}

/** The run in numbers, as the shell shows it on other pages. */
export function runSummary(board: Storyboard): { total: number; done: number; failed: number } {
  let done = 0;
  let failed = 0;
  for (const s of board.shots) {
    if (s.run.state === 'succeeded') done += 1;
    else if (s.run.state === 'failed' || s.run.state === 'blocked') failed += 1;
  }
  return { total: board.shots.length, done, failed };
}
