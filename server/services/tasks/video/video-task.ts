import type { MediaKind } from '@contract/video-rules';
import { RenderInputError } from '../../../media/render-inputs';
import { renderVideo, type VideoRenderInput } from '../../../media/render-video';
import type { AppContext } from '../../../context';
import type { TaskRow } from '../../../store/tasks';
import { InputUnavailableError, renderSource } from '../inputs/input-sources';
import { fetchReferences, type LocalReferences } from '../inputs/reference-files';
import type { PerformOutcome, TaskKind } from '../task-kind';

/** What the runner needs to render a video task, stored as the row's `params`. */
export interface VideoParams {
  prompt: string;
  duration: number;
  ratio: string;
  resolution: string;
  width: number;
  height: number;
  generate_audio: boolean;
  watermark: boolean;
  /** Every media input in request order, URLs as given (resolved again at render time). */
  inputs: { role: string; kind: MediaKind; alias?: string; url: string }[];
}

/**
 * One item of a task's `input_references`. Besides the specification's fields: `used_as` when an
 * input is not used as its role says (a second first_frame is shown as a reference image), and a
 * `not_rendered` item for each content[] entry of a type this server cannot read (decision 367).
 */
export interface InputReference {
  alias: string | null;
  role: string | null;
  type: string;
  url: string | null;
  binding_status: 'bound' | 'not_rendered';
  used_as?: string;
  note?: string;
}

export function videoParams(row: TaskRow): VideoParams {
  return JSON.parse(row.params) as VideoParams;
}

function unreadable(ctx: AppContext, row: TaskRow, err: RenderInputError): PerformOutcome {
  ctx.log.warn('task input unreadable', {
    task_id: row.id,
    request_id: row.request_id,
    error: String(err.cause ?? err.message).slice(0, 2000),
  });
  return {
    status: 'failed',
    code: 'input_unreadable',
    message: `${err.message}. Check that the media is reachable and of the type its role needs, then create the task again.`,
    failReason: err.message,
  };
}

/** The request's content[] as sent, every entry kept (an unknown type included), or undefined. */
function requestContent(row: TaskRow): unknown[] | undefined {
  try {
    const request = JSON.parse(row.request) as { content?: unknown };
    return Array.isArray(request.content) ? request.content : undefined;
  } catch {
    return undefined;
  }
}

function parseReferences(row: TaskRow): InputReference[] {
  try {
    const refs = JSON.parse(row.input_references) as unknown;
    return Array.isArray(refs) ? (refs as InputReference[]) : [];
  } catch {
    return [];
  }
}

export const videoTaskKind: TaskKind = {
  kind: 'video',

  marked: (row) => ({
    text: videoParams(row).prompt,
    field: 'prompt',
    work: 'Video generation',
    result: 'a video',
  }),

  async perform(ctx, row, tools) {
    const p = videoParams(row);
    let input: VideoRenderInput;
    let refs: LocalReferences | undefined;
    try {
      const frame = p.inputs.find((i) => i.role === 'first_frame' && i.kind === 'image');
      const firstFrame = frame ? renderSource(ctx, row.owner, frame.url, row.origin) : undefined;
      const references = p.inputs
        .filter((i) => i !== frame)
        .map((i) => ({
          ...(i.alias ? { alias: i.alias } : {}),
          role: i.role,
          kind: i.kind,
          source: renderSource(ctx, row.owner, i.url, row.origin),
        }));
      // ffmpeg is handed local files only: URLs are fetched here, through the URL guard (decision 098).
      const local = await fetchReferences(
        ctx,
        [
          { source: firstFrame, what: 'The first-frame image' },
          ...references.map((r) => ({ source: r.source, what: `The reference ${r.kind}` })),
        ],
        tools,
      );
      refs = local;
      input = {
        outPath: tools.tempFile('.mp4'),
        width: p.width,
        height: p.height,
        durationSec: p.duration,
        prompt: p.prompt,
        audio: p.generate_audio,
        watermark: p.watermark,
        ...(firstFrame
          ? { firstFrame: local.local(firstFrame), firstFrameShownAs: local.shownAs(firstFrame) }
          : {}),
        references: references.map((r) => ({
          ...r,
          source: local.local(r.source),
          shownAs: local.shownAs(r.source),
        })),
        signal: tools.signal,
        onProgress: tools.progress,
      };
    } catch (err) {
      await refs?.cleanup();
      if (err instanceof RenderInputError) return unreadable(ctx, row, err);
      if (!(err instanceof InputUnavailableError)) throw err;
      return {
        status: 'failed',
        code: 'input_unavailable',
        message: `A media input of this task is no longer available: ${err.message}. Create the task again with media that exists.`,
        failReason: err.message,
      };
    }
    try {
      await renderVideo(input);
    } catch (err) {
      // A reference ffmpeg cannot read is the request's problem, not a crash: retrying cannot help.
      if (!(err instanceof RenderInputError)) throw err;
      return unreadable(ctx, row, err);
    } finally {
      await refs.cleanup();
    }
    return { status: 'succeeded', tempFile: input.outPath, fileName: 'video.mp4' };
  },

  present(row, base, resultUrl) {
    const p = videoParams(row);
    return {
      ...base,
      prompt: p.prompt,
      duration: p.duration,
      ratio: p.ratio,
      resolution: p.resolution,
      width: p.width,
      height: p.height,
      generate_audio: p.generate_audio,
      watermark: p.watermark,
      ...(requestContent(row) ? { content: requestContent(row) } : {}),
      input_references: parseReferences(row),
      has_video_input: row.has_video_input === 1,
      ...(resultUrl ? { video_url: resultUrl, data: { video_url: resultUrl } } : {}),
    };
  },
};
