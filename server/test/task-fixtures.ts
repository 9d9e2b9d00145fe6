import { spawnSync } from 'node:child_process';
import type { AppContext } from '../context';
import { ownerOf } from '../middleware/auth';
import { FFPROBE_PATH } from '../media/probe';
import { insertAsset, type NewAssetRow } from '../store/assets';
import { ensureDefaultGroup } from '../store/groups';
import { readyAssetRow } from './asset-rows';
import type { TestApp } from './helpers';

/**
 * Inserts an asset of `key` straight into the store (ready for video-2.0-cl unless `patch` says
 * otherwise), for tests of what a video request does with it. Returns its id.
 */
export function seedAsset(ctx: AppContext, key: string, patch: Partial<NewAssetRow> = {}): string {
  const owner = ownerOf(key);
  ensureDefaultGroup(ctx.db, owner);
  const type = patch.type ?? 'image';
  const row = readyAssetRow({
    owner,
    name: `seed.${type === 'video' ? 'mp4' : 'png'}`,
    source_url: 'https://example.com/seed.png',
    model: 'video-2.0-cl',
    ...patch,
  });
  insertAsset(ctx.db, row);
  return row.id;
}

export type TaskObject = Record<string, unknown> & {
  id: string;
  status: string;
  progress: number;
  video_url?: string;
  error?: { code: string; message: string } | null;
};

/** Polls GET /v1/tasks/{id} until `done` holds; records every distinct status in order. */
export async function pollTask(
  t: TestApp,
  id: string,
  done: (task: TaskObject) => boolean,
  opts: { timeoutMs?: number; key?: string } = {},
): Promise<{ task: TaskObject; statuses: string[]; progress: number[] }> {
  const until = Date.now() + (opts.timeoutMs ?? 25_000);
  const statuses: string[] = [];
  const progress: number[] = [];
  for (;;) {
    const res = await t.req(`/v1/tasks/${id}`, opts.key ? { key: opts.key } : {});
    const task = (await res.json()) as TaskObject;
    if (res.status !== 200) throw new Error(`GET task answered ${res.status}: ${JSON.stringify(task)}`);
    if (statuses.at(-1) !== task.status) statuses.push(task.status);
    progress.push(task.progress);
    if (done(task)) return { task, statuses, progress };
    if (Date.now() > until) throw new Error(`task ${id} stuck at ${JSON.stringify(task)}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

export const isTerminal = (task: { status: string }) =>
  ['succeeded', 'failed', 'cancelled'].includes(task.status);

/** Width, height, duration and audio presence of a video file, from ffprobe. */
export function probeVideo(file: string): {
  width: number;
  height: number;
  duration: number;
  hasAudio: boolean;
  codec: string;
} {
  const r = spawnSync(
    FFPROBE_PATH,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    {
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`ffprobe failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { duration: string };
  };
  const video = out.streams.find((s) => s.codec_type === 'video');
  return {
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    duration: Number(out.format.duration),
    hasAudio: out.streams.some((s) => s.codec_type === 'audio'),
    codec: video?.codec_name ?? '',
  };
}
