import fs from 'node:fs/promises';
import { RenderInputError } from '../../../media/render-inputs';
import { renderDigitalHumanVideo } from '../../../media/render-digital-human';
import { synthesizeSpeech, type SpeechVoice } from '../../../media/speech';
import type { AppContext } from '../../../context';
import type { TaskRow } from '../../../store/tasks';
import { InputUnavailableError, renderSource } from '../inputs/input-sources';
import { fetchReferences } from '../inputs/reference-files';
import { publicAvatarFile } from './public-avatars';
import type { PublicAvatarId } from '@contract/public-avatars';
import type { PerformOutcome, TaskKind } from '../task-kind';

/** What the runner needs for a digital-human video, stored as the row's `params`. */
export interface DigitalHumanVideoParams {
  /** As given in the request (an id or an `Asset://` reference). */
  avatar_asset_id: string;
  /** `Asset://<id>`, resolved to the asset's stored copy when the task runs. */
  avatar: string;
  /** A built-in public avatar (decision 293), rendered under DATA_DIR instead of read from an asset. */
  public_avatar?: PublicAvatarId;
  audio_url: string;
  name: string;
}

/** What the runner needs for a digital-human audio task. */
export interface DigitalHumanAudioParams {
  text: string;
  voice_asset_id: string;
  /** The synthesis voice the voice asset selects (decision 065). */
  voice: SpeechVoice;
  language: string;
}

const params = <T>(row: TaskRow) => JSON.parse(row.params) as T;

/** A missing or unreadable input is the request's problem: a retry cannot help, so the task fails. */
function inputFailure(ctx: AppContext, row: TaskRow, err: unknown): PerformOutcome | undefined {
  if (err instanceof RenderInputError && err.cause !== undefined) {
    // ffmpeg's own text stays in the log (issue 35): the person sees which input, not why in ffmpeg's words.
    ctx.log.warn('task input unreadable', {
      task_id: row.id,
      request_id: row.request_id,
      error: String(err.cause).slice(0, 2000),
    });
  }
  if (err instanceof InputUnavailableError) {
    return {
      status: 'failed',
      code: 'input_unavailable',
      message: `A media input of this task is no longer available: ${err.message}. Create the task again with media that exists.`,
      failReason: err.message,
    };
  }
  if (err instanceof RenderInputError) {
    return {
      status: 'failed',
      code: 'input_unreadable',
      message: `${err.message}. Check that the avatar is an image and audio_url is reachable speech audio, then create the task again.`,
      failReason: err.message,
    };
  }
  return undefined;
}

export const digitalHumanVideoTaskKind: TaskKind = {
  kind: 'digital_human_video',

  marked: (row) => ({
    text: params<DigitalHumanVideoParams>(row).name,
    field: 'name',
    work: 'Digital-human video generation',
  }),

  async perform(ctx, row, tools) {
    const p = params<DigitalHumanVideoParams>(row);
    const outPath = tools.tempFile('.mp4');
    try {
      const avatar = p.public_avatar
        ? await publicAvatarFile(ctx, p.public_avatar, tools.signal)
        : renderSource(ctx, row.owner, p.avatar, row.origin);
      const audio = renderSource(ctx, row.owner, p.audio_url, row.origin);
      // ffmpeg is handed local files only: URLs are fetched here, through the URL guard (decision 098).
      const local = await fetchReferences(
        ctx,
        [
          { source: avatar, what: 'The avatar image' },
          { source: audio, what: 'The audio' },
        ],
        tools,
      );
      try {
        await renderDigitalHumanVideo({
          outPath,
          avatar: local.local(avatar),
          avatarShownAs: local.shownAs(avatar),
          audio: local.local(audio),
          ...(p.name.trim() ? { name: p.name } : {}),
          signal: tools.signal,
          onProgress: tools.progress,
        });
      } finally {
        await local.cleanup();
      }
    } catch (err) {
      const failure = inputFailure(ctx, row, err);
      if (failure) return failure;
      throw err;
    }
    return { status: 'succeeded', tempFile: outPath, fileName: 'digital-human.mp4' };
  },

  present(row, base, resultUrl) {
    const p = params<DigitalHumanVideoParams>(row);
    return {
      ...base,
      avatar_asset_id: p.avatar_asset_id,
      audio_url: p.audio_url,
      name: p.name,
      ...(resultUrl ? { result_url: resultUrl } : {}),
    };
  },
};

export const digitalHumanAudioTaskKind: TaskKind = {
  kind: 'digital_human_audio',

  marked: (row) => ({
    text: params<DigitalHumanAudioParams>(row).text,
    field: 'text',
    work: 'Digital-human speech synthesis',
  }),

  async perform(_ctx, row, tools) {
    const p = params<DigitalHumanAudioParams>(row);
    const speech = await synthesizeSpeech({
      text: p.text,
      voice: p.voice,
      format: 'mp3',
      signal: tools.signal,
    });
    tools.progress(0.9);
    const outPath = tools.tempFile('.mp3');
    await fs.writeFile(outPath, speech.audio);
    return { status: 'succeeded', tempFile: outPath, fileName: 'speech.mp3' };
  },

  present(row, base, resultUrl) {
    const p = params<DigitalHumanAudioParams>(row);
    return {
      ...base,
      text: p.text,
      voice_asset_id: p.voice_asset_id,
      output: {
        ...(resultUrl ? { url: resultUrl } : {}),
        format: 'mp3',
        voice: p.voice,
        language: p.language,
      },
    };
  },
};
