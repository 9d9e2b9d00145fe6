import { isRecord } from '@contract/is-record';
import { inferTaskKind } from '@contract/task-kind';

// The digital-human and music requests moved down to src/lib, shared with the batches.
export {
  bodyToDigitalHumanDraft,
  digitalHumanToBody,
  EMPTY_DIGITAL_HUMAN_DRAFT,
  isPublicResourceId,
  kindOfBody,
  type AudioSource,
  type DigitalHumanAudioBody,
  type DigitalHumanDraft,
  type DigitalHumanMode,
  type DigitalHumanVideoBody,
  type FormKind,
} from '@/lib/digital-human-draft';
import type { DigitalHumanAudioBody, DigitalHumanVideoBody, FormKind } from '@/lib/digital-human-draft';
export {
  bodyToMusicDraft,
  EMPTY_MUSIC_DRAFT,
  musicToBody,
  type MusicBody,
  type MusicDraft,
} from '@/lib/music-draft';
import type { MusicBody } from '@/lib/music-draft';

export type CreateTaskBody = DigitalHumanVideoBody | DigitalHumanAudioBody | MusicBody;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * A body rebuilt from the task object (GET /v1/tasks/{id}) when this dashboard did not record the
 * one it sent. Music's title and style in `metadata` are the ones the task used (possibly derived).
 */
export function taskToBody(task: Record<string, unknown>): Record<string, unknown> {
  const metadata = isRecord(task.metadata) ? task.metadata : {};
  const out: Record<string, unknown> = { model: task.model };
  for (const key of ['avatar_asset_id', 'audio_url', 'name', 'text', 'voice_asset_id', 'prompt'] as const) {
    if (typeof task[key] === 'string') out[key] = task[key];
  }
  if (inferTaskKind(task) === 'music') {
    const custom = task.customMode === true || task.custom_mode === true;
    out.customMode = custom;
    // Without custom mode the task object's title and style may be ones the server derived; sending
    // them back would pin what the person left open.
    out.style = custom ? str(task.style) || str(metadata.style) : '';
    out.title = custom ? str(task.title) || str(metadata.title) : '';
  }
  if (typeof task.callback_url === 'string' && task.callback_url) out.callback_url = task.callback_url;
  return out;
}

/** The path of a form: the digital-human tab serves both digital-human kinds. */
export function formPathOf(kind: FormKind): string {
  return kind === 'music' ? '/create/music' : '/create/digital-human';
}
