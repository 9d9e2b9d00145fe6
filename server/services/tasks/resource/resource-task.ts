import { FfmpegError } from '../../../media/ffmpeg';
import { RenderInputError } from '../../../media/render-inputs';
import { renderThumbnail } from '../../../media/render-thumbnail';
import type { TaskRow } from '../../../store/tasks';
import { InputUnavailableError, renderSource } from '../inputs/input-sources';
import { fetchReferences } from '../inputs/reference-files';
import type { TaskKind } from '../task-kind';

/** What the runner needs for a resource-processing task (decision 292), stored as `params`. */
export interface ResourceParams {
  /** As given in the request: a URL, `asset_…` or `Asset://asset_…`. */
  source_url: string;
  /** `Asset://<id>` for an asset, else the URL: what the runner reads. */
  source: string;
  operation: 'thumbnail';
  width: number;
}

const params = (row: TaskRow) => JSON.parse(row.params) as ResourceParams;

/**
 * Resource processing on POST /v1/tasks: a PNG thumbnail of an image or video. The source is read
 * like every task input (an asset's stored copy, or a URL fetched through the URL guard); a source
 * that cannot be read fails the task with a reason, as a deployment would.
 */
export const resourceTaskKind: TaskKind = {
  kind: 'resource',

  async perform(ctx, row, tools) {
    const p = params(row);
    const outPath = tools.tempFile('.png');
    try {
      const source = renderSource(ctx, row.owner, p.source, row.origin);
      const local = await fetchReferences(ctx, [{ source, what: 'The source' }], tools);
      try {
        await renderThumbnail({ source: local.local(source), outPath, width: p.width, signal: tools.signal });
      } catch (err) {
        if (err instanceof FfmpegError) {
          ctx.log.warn('resource task source unreadable', {
            task_id: row.id,
            error: String(err).slice(0, 2000),
          });
          // A refusal of this server's own (a playlist, a frame bomb: decision 353) says why.
          const why = err.stderrTail ? '' : ` (${err.message})`;
          throw new RenderInputError(
            `The source ${local.shownAs(source)} is not an image or video ffmpeg can read${why}`,
          );
        }
        throw err;
      } finally {
        await local.cleanup();
      }
    } catch (err) {
      if (err instanceof InputUnavailableError || err instanceof RenderInputError) {
        return {
          status: 'failed',
          code: err instanceof InputUnavailableError ? 'input_unavailable' : 'input_unreadable',
          message: `${err.message}. Give source_url as an image or video that can be read, then create the task again.`,
          failReason: err.message,
        };
      }
      throw err;
    }
    tools.progress(1);
    return { status: 'succeeded', tempFile: outPath, fileName: 'thumbnail.png' };
  },

  present(row, base, resultUrl) {
    const p = params(row);
    return {
      ...base,
      source_url: p.source_url,
      operation: p.operation,
      width: p.width,
      ...(resultUrl ? { output: { url: resultUrl, format: 'png' } } : {}),
    };
  },
};
