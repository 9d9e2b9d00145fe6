import { isRecord } from './is-record';
import {
  DIGITAL_HUMAN_AUDIO_MODELS,
  DIGITAL_HUMAN_VIDEO_MODELS,
  IMAGE_MODELS,
  isVideoModel,
  MUSIC_MODELS,
  RESOURCE_MODELS,
} from './models';

/** The kinds of task the dashboard tells apart; `kind` itself is a local-server addition. */
export const TASK_KINDS = [
  'video',
  'digital_human_video',
  'digital_human_audio',
  'music',
  'image',
  'resource',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

function isTaskKind(v: unknown): v is TaskKind {
  return (TASK_KINDS as readonly unknown[]).includes(v);
}

const has = (list: readonly string[], v: string) => list.includes(v);

/** The kind a model name implies: the model table first, then the family its name belongs to. */
function kindOfModel(model: unknown): TaskKind | undefined {
  if (typeof model !== 'string') return undefined;
  const m = model.trim().toLowerCase();
  if (isVideoModel(m)) return 'video';
  if (has(DIGITAL_HUMAN_VIDEO_MODELS, m)) return 'digital_human_video';
  if (has(DIGITAL_HUMAN_AUDIO_MODELS, m)) return 'digital_human_audio';
  if (has(MUSIC_MODELS, m)) return 'music';
  if (has(IMAGE_MODELS, m)) return 'image';
  if (has(RESOURCE_MODELS, m)) return 'resource';
  // A newer model of a known line (video-2.1-cl, music-v6…) is still of that line.
  if (m.startsWith('digital-human-video')) return 'digital_human_video';
  if (m.startsWith('digital-human-audio')) return 'digital_human_audio';
  if (m.startsWith('music-')) return 'music';
  if (m.startsWith('video-')) return 'video';
  if (m.startsWith('image-')) return 'image';
  if (m.startsWith('resource-')) return 'resource';
  return undefined;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The kind a task's own fields imply, for a deployment that sends no `kind` and a model the table
 * does not know: video references, or the body fields the specification lists per kind (POST
 * /v1/tasks) when the deployment echoes them. A result at `video_url` or `data.video_url` proves
 * nothing: they are two of the six places the specification lists for the result of any task.
 */
function kindOfShape(task: Record<string, unknown>): TaskKind | undefined {
  if (Array.isArray(task.input_references)) return 'video';
  if (present(task.avatar_asset_id)) return 'digital_human_video';
  if (present(task.source_url) && present(task.operation)) return 'resource';
  if (present(task.customMode) || (present(task.style) && present(task.title))) return 'music';
  return undefined;
}

/**
 * A task's kind: its own `kind` when it is one the dashboard knows, else from its model (the
 * contract's model table), else from the shape of its fields, and only then `unknown`.
 */
export function inferTaskKind(task: unknown): TaskKind | 'unknown' {
  if (!isRecord(task)) return 'unknown';
  if (isTaskKind(task.kind)) return task.kind;
  return kindOfModel(task.model) ?? kindOfShape(task) ?? 'unknown';
}
