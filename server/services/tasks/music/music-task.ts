import { renderMusic } from '../../../media/render-music';
import type { TaskRow } from '../../../store/tasks';
import type { TaskKind } from '../task-kind';

/** What the runner needs for a music task, stored as the row's `params` (decision 065). */
export interface MusicParams {
  /** As given: a description, or the lyrics in custom mode. */
  prompt: string;
  customMode: boolean;
  /** The title and style of the track: as given in custom mode, else derived where not given. */
  title: string;
  style: string;
  /** The style as given ('' when none): what the track is planned and rendered from. */
  render_style: string;
  /** Seconds. */
  duration: number;
  bpm: number;
  key: string;
  seed: number;
}

/**
 * The upper-case states music tasks report (LOCAL_API.md). States are stored in the shared lower
 * case, so the runner and the store treat every kind alike; only the object shows these. The
 * specification has no upper-case spelling for a cancelled task, so a cancelled music task shows
 * the documented `cancelled` (never an invented `CANCELLED`).
 */
const MUSIC_STATUS: Record<string, string> = {
  pending: 'SUBMITTED',
  submitted: 'QUEUED',
  running: 'IN_PROGRESS',
  succeeded: 'SUCCESS',
  failed: 'FAILURE',
  cancelled: 'cancelled',
};

export function musicStatus(status: string): string {
  return MUSIC_STATUS[status] ?? status.toUpperCase();
}

const params = (row: TaskRow) => JSON.parse(row.params) as MusicParams;

export const musicTaskKind: TaskKind = {
  kind: 'music',

  marked: (row) => ({ text: params(row).prompt, field: 'prompt', work: 'Music generation' }),

  async perform(_ctx, row, tools) {
    const p = params(row);
    const outPath = tools.tempFile('.mp3');
    await renderMusic({
      outPath,
      durationSec: p.duration,
      prompt: p.prompt,
      style: p.render_style,
      title: p.title,
      seed: p.seed,
      signal: tools.signal,
      onProgress: tools.progress,
    });
    return { status: 'succeeded', tempFile: outPath, fileName: 'music.mp3' };
  },

  present(row, base, resultUrl) {
    const p = params(row);
    return {
      ...base,
      status: musicStatus(row.status),
      prompt: p.prompt,
      style: p.style,
      title: p.title,
      customMode: p.customMode,
      duration: p.duration,
      metadata: {
        ...(resultUrl ? { url: resultUrl } : {}),
        title: p.title,
        style: p.style,
        duration: p.duration,
        bpm: p.bpm,
        key: p.key,
        format: 'mp3',
      },
    };
  },
};
