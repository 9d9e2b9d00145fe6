import fs from 'node:fs';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { encodeDeadlineMs, FfmpegError, h264Options, runFfmpeg } from '../../media/ffmpeg';
import { withFfmpegSlot } from '../../media/ffmpeg-pool';
import { findAssembly, saveAssembly, type AssemblyRecord } from '../../store/storyboard-assemblies';
import type { TaskRow } from '../../store/tasks';
import { fileUrl } from '../assets/asset-files';
import type { PerformOutcome, TaskKind } from '../tasks/task-kind';
import { assemblyPlan, type Join } from './assembly-graph';
import { localSource, type LocalSource } from './media-source';
import { probeShot, type ShotProbe } from './shot-probe';

export const ASSEMBLY_KIND = 'storyboard_assembly';
/** Bounds on what one request can make this server do (two cores, shared). */
export const MAX_SHOTS = 12;
export const MAX_SHOT_SEC = 60;
export const MAX_TOTAL_SEC = 300;
const MAX_PIXELS = 4096 * 2304;

/** A refusal of the shots themselves: retrying cannot help, and the message is safe to show. */
class ShotsRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const failed = (row: TaskRow, code: string, reason: string): PerformOutcome => ({
  status: 'failed',
  code,
  message: `${reason} (request id ${row.request_id})`,
  failReason: reason,
});

/**
 * A storyboard assembly as a job of the durable task runner (decision 356): its lease, restart
 * recovery, fair share between keys and TASK_CONCURRENCY bound, and its ffmpeg in the shared pool.
 * The plan (shots, joins, origin) and the result's description live in `storyboard_assemblies`;
 * the task row carries the lifecycle. What a caller reads never holds ffmpeg's text or a path:
 * that goes to the log with the request id, and the message says what to fix and gives the id.
 */
export const assemblyTaskKind: TaskKind = {
  kind: ASSEMBLY_KIND,
  internal: true,
  directive: () => undefined,

  async perform(ctx, row, tools) {
    const record = findAssembly(ctx.db, row.owner, row.id);
    if (!record) return failed(row, 'assembly_not_found', 'The assembly record is gone');
    const sources: LocalSource[] = [];
    const tmp = tools.tempFile('.mp4');
    let listFile: string | undefined;
    try {
      const probes: ShotProbe[] = [];
      for (const [i, shot] of record.shots.entries()) {
        const source = await localSource(ctx, shot.url, `shots.${i}.url`, record.origin, tools.signal);
        sources.push(source);
        probes.push(await probeChecked(ctx, row, source.file, i));
      }
      const total = probes.reduce((s, p) => s + p.duration, 0);
      if (total > MAX_TOTAL_SEC)
        throw new ShotsRefused(
          'assembly_too_long',
          `The shots last ${total.toFixed(1)} s together; at most ${MAX_TOTAL_SEC} s are assembled. Leave out shots, then assemble again`,
        );
      if (probes[0]!.width * probes[0]!.height > MAX_PIXELS)
        throw new ShotsRefused(
          'assembly_too_large',
          `The first shot is ${probes[0]!.width}x${probes[0]!.height}; at most 4096x2304 is assembled. Put a smaller shot first`,
        );
      const plan = assemblyPlan(probes, record.joins);
      const args: string[] = [];
      if (canCopy(probes, record.joins)) {
        // Same size, rate and codecs, cuts only: the streams are joined as they are, no re-encode.
        listFile = `${tmp}.txt`;
        await fs.promises.writeFile(
          listFile,
          sources.map((s) => `file '${s.file.replaceAll("'", "'\\''")}'\n`).join(''),
        );
        args.push('-f', 'concat', '-safe', '0', '-i', listFile);
        args.push('-map', '0:v:0', '-map', '0:a:0', '-c', 'copy');
      } else {
        for (const s of sources) args.push('-i', s.file);
        args.push('-filter_complex', plan.graph, '-map', '[v]', '-map', '[a]');
        // A join of results already compressed once: speed before size (decision 311).
        args.push(
          ...h264Options(plan.width, plan.height, plan.fps).map((a) => (a === 'veryfast' ? 'ultrafast' : a)),
        );
        args.push('-c:a', 'aac', '-b:a', '128k', '-ar', '48000');
      }
      args.push('-movflags', '+faststart', '-f', 'mp4', tmp);
      try {
        await runFfmpeg(args, {
          signal: tools.signal,
          timeoutMs: encodeDeadlineMs(plan.duration, plan.width * plan.height),
          durationSec: plan.duration,
          onProgress: tools.progress,
        });
      } catch (err) {
        if (!(err instanceof FfmpegError)) throw err;
        logDetail(ctx, row, 'storyboard assembly encode failed', err);
        throw new ShotsRefused(
          'assembly_failed',
          'Joining the shots failed: ffmpeg could not decode or encode them. Check that every shot plays, then assemble again; if it keeps failing, report the request id',
        );
      }
      // The result's description now; its status and URL when the runner has stored the file.
      saveAssembly(
        ctx.db,
        row.owner,
        {
          ...record,
          duration: plan.duration,
          width: plan.width,
          height: plan.height,
          fps: plan.fps,
          scaled: plan.scaled,
        },
        Date.now(),
      );
      return { status: 'succeeded', tempFile: tmp, fileName: 'storyboard.mp4' };
    } catch (err) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      if (err instanceof ShotsRefused) return failed(row, err.code, err.message);
      // Our own refusals of a shot URL (not found, refused by the URL guard, unreachable) name the
      // field and say what to fix; they never carry ffmpeg's text.
      if (err instanceof ApiError) return failed(row, err.options.code ?? 'invalid_shot', err.message);
      throw err;
    } finally {
      await Promise.all(sources.map((s) => s.release()));
      if (listFile) await fs.promises.rm(listFile, { force: true }).catch(() => undefined);
    }
  },

  settled(ctx, row) {
    const record = findAssembly(ctx.db, row.owner, row.id);
    if (!record) return;
    const done: AssemblyRecord =
      row.status === 'succeeded' && row.result_path
        ? {
            ...record,
            status: 'succeeded',
            progress: 1,
            url: fileUrl(record.origin, row.result_path),
            file_name: 'storyboard.mp4',
          }
        : {
            ...record,
            status: 'failed',
            progress: 0,
            error: row.error_message ?? `The assembly failed (request id ${row.request_id})`,
          };
    saveAssembly(ctx.db, row.owner, done, Date.now());
  },

  // Never shown as a task (internal); GET /local/storyboard/assemblies/{id} shows the record.
  present(_row, base) {
    return { ...base };
  },
};

async function probeChecked(ctx: AppContext, row: TaskRow, file: string, i: number): Promise<ShotProbe> {
  let probe: ShotProbe;
  try {
    // In a slot of the shared pool like every ffprobe (decision 356).
    probe = await withFfmpegSlot(() => probeShot(file));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    logDetail(ctx, row, 'storyboard shot unreadable', err, { shot: i + 1 });
    throw new ShotsRefused(
      'not_a_video',
      `Shot ${i + 1} is not a video this server can read. Give the URL of a video task's result (MP4), then assemble again`,
    );
  }
  if (probe.duration > MAX_SHOT_SEC)
    throw new ShotsRefused(
      'shot_too_long',
      `Shot ${i + 1} lasts ${probe.duration.toFixed(1)} s; a shot may last at most ${MAX_SHOT_SEC} s. Trim it, then assemble again`,
    );
  return probe;
}

/** ffmpeg's own words (paths, demuxer internals) go to the log, under the request id the caller is shown. */
function logDetail(
  ctx: AppContext,
  row: TaskRow,
  what: string,
  err: unknown,
  extra: Record<string, unknown> = {},
): void {
  ctx.log.warn(what, {
    assembly: row.id,
    request_id: row.request_id,
    ...extra,
    error: String(err instanceof Error ? err.message : err).slice(0, 2000),
  });
}

/**
 * Whether the shots can be joined by stream copy: cuts only, every shot H.264 video and AAC audio
 * at the first shot's size and frame rate (what one model's results are).
 */
function canCopy(probes: readonly ShotProbe[], joins: readonly Join[]): boolean {
  const [first] = probes;
  if (!first || joins.some((j) => j !== 'cut')) return false;
  return probes.every(
    (p) =>
      p.videoCodec === 'h264' &&
      p.audioCodec === 'aac' &&
      p.pixFmt === first.pixFmt &&
      p.width === first.width &&
      p.height === first.height &&
      Math.abs(p.fps - first.fps) < 0.01,
  );
}
