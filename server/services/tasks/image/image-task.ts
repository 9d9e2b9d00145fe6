import { renderImage } from '../../../media/render-image';
import type { TaskRow } from '../../../store/tasks';
import type { TaskKind } from '../task-kind';

/** What the runner needs for an image task (decision 291), stored as the row's `params`. */
export interface ImageParams {
  prompt: string;
  width: number;
  height: number;
}

const params = (row: TaskRow) => JSON.parse(row.params) as ImageParams;

/**
 * The image-generation capability: a PNG with the prompt on it. Queried with GET /v1/tasks/{id}
 * and with GET /mj/task/{id}/fetch (the specification's `/<image-service-prefix>/task/{id}/fetch`);
 * the result is at `url`, one of the six places the specification lists.
 */
export const imageTaskKind: TaskKind = {
  kind: 'image',

  marked: (row) => ({ text: params(row).prompt, field: 'prompt', work: 'Image generation' }),

  async perform(_ctx, row, tools) {
    const p = params(row);
    const outPath = tools.tempFile('.png');
    await renderImage({ outPath, prompt: p.prompt, width: p.width, height: p.height, signal: tools.signal });
    tools.progress(1);
    return { status: 'succeeded', tempFile: outPath, fileName: 'image.png' };
  },

  present(row, base, resultUrl) {
    const p = params(row);
    return {
      ...base,
      prompt: p.prompt,
      size: `${p.width}x${p.height}`,
      ...(resultUrl ? { url: resultUrl } : {}),
    };
  },
};
