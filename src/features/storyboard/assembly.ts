import { hasLocalServer, startAssembly } from '@/api/storyboard';
import { assemblable, type AssemblyState, type Storyboard } from './storyboard';
import { soundOfRequest, soundSummary } from './sound';

/**
 * What an assembly is made of and when one is due: pure rules beside the assembly card, so the
 * phone bar and the card start the same job.
 */

/** The assembled file's name: the storyboard's, safe in a file name (a bare `storyboard.mp4` told nothing). */
export function assemblyFileName(board: Pick<Storyboard, 'name'>, ext = 'mp4'): string {
  return `${
    board.name
      .trim()
      .replace(/[^\p{L}\p{N}_ -]+/gu, '-')
      .replace(/\s+/g, ' ') || 'storyboard'
  }.${ext}`;
}

/** The ffmpeg line that joins the shots by hand (direct mode, where no local server can). */
export function ffmpegCommand(board: Storyboard): string {
  const names = board.shots.map((_, i) => `shot-${i + 1}.mp4`);
  const inputs = names.map((n) => `-i ${n}`).join(' ');
  const streams = names.map((_, i) => `[${i}:v][${i}:a]`).join('');
  return `ffmpeg ${inputs} -filter_complex "${streams}concat=n=${names.length}:v=1:a=1[v][a]" -map "[v]" -map "[a]" -c:v libx264 -c:a aac "${assemblyFileName(board).replace(/"/g, '')}"`;
}

/** The body of the assembly request: the picked takes in order, the joins, the sound and captions. */
export function assemblyBody(board: Storyboard) {
  return {
    shots: board.shots.map((s) => ({ url: s.run.resultUrl! })),
    joins: board.joins,
    ...soundOfRequest(board),
  };
}

/** What makes one cut differ from another: the takes, the joins, the sound and the captions. */
export function recipeOf(board: Storyboard): string {
  const { shots: _shots, ...rest } = assemblyBody(board);
  return JSON.stringify({ takes: board.shots.map((s) => s.run.taskId ?? ''), ...rest });
}

/** The kept cut no longer matches the board: a take, a join, the sound or a caption changed. */
export function isOutdated(board: Storyboard, assembly: AssemblyState): boolean {
  if (assembly.recipe) return assembly.recipe !== recipeOf(board);
  return assembly.taskIds.join() !== board.shots.map((s) => s.run.taskId ?? '').join();
}

/** Whether the board can be assembled now: every shot done, no job running, none current already. */
export function canAssemble(board: Storyboard): boolean {
  const current = board.assembly?.status === 'succeeded' && !isOutdated(board, board.assembly);
  return hasLocalServer() && assemblable(board) && board.assembly?.status !== 'running' && !current;
}

/** Starts the local server's assembly of the board's picked takes, with its joins, sound and captions. */
export async function beginAssembly(board: Storyboard): Promise<AssemblyState> {
  const started = await startAssembly(assemblyBody(board));
  return {
    ...started,
    taskIds: board.shots.map((s) => s.run.taskId ?? ''),
    recipe: recipeOf(board),
    createdAt: Date.now(),
    sound: soundSummary(board),
  };
}
