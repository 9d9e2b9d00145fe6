import fs from 'node:fs';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { encodeDeadlineMs, FfmpegError, runFfmpeg } from '../../media/ffmpeg';
import { findAssembly, saveAssembly, type AssemblyRecord } from '../../store/storyboard-assemblies';
import type { TaskRow } from '../../store/tasks';
import { fileUrl, moveIntoStore, storedRelPath } from '../assets/asset-files';
import type { PerformOutcome, TaskKind } from '../tasks/task-kind';
import { assemblyCommand } from './assembly-command';
import { assemblyPlan } from './assembly-graph';
import { AssemblyRefused, logDetail, soundFiles } from './assembly-inputs';
import { placeCues, webVtt } from './captions';
import { localSource, type LocalSource } from './media-source';
import { probeShotOnce, type ShotProbe } from './shot-probe';

export const ASSEMBLY_KIND = 'storyboard_assembly';
/** Bounds on what one request can make this server do (two cores, shared). */
export const MAX_SHOT_SEC = 60;
export const MAX_TOTAL_SEC = 300;
const MAX_PIXELS = 4096 * 2304;

const CAPTIONS_FILE = 'captions.vtt';

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

  async perform(ctx, row, tools) {
    const record = findAssembly(ctx.db, row.owner, row.id);
    if (!record) return failed(row, 'assembly_not_found', 'The assembly record is gone');
    const sources: LocalSource[] = [];
    const tmp = tools.tempFile('.mp4');
    const scratch: string[] = [];
    try {
      const probes: ShotProbe[] = [];
      for (const [i, shot] of record.shots.entries()) {
        const source = await localSource(ctx, shot.url, `shots[${i}].url`, record.origin, tools.signal);
        sources.push(source);
        probes.push(await probeChecked(ctx, row, source, i));
      }
      const total = probes.reduce((s, p) => s + p.duration, 0);
      if (total > MAX_TOTAL_SEC)
        throw new AssemblyRefused(
          'assembly_too_long',
          `The shots last ${total.toFixed(1)} s together; at most ${MAX_TOTAL_SEC} s are assembled. Leave out shots, then assemble again`,
        );
      if (probes[0]!.width * probes[0]!.height > MAX_PIXELS)
        throw new AssemblyRefused(
          'assembly_too_large',
          `The first shot is ${probes[0]!.width}x${probes[0]!.height}; at most 4096x2304 is assembled. Put a smaller shot first`,
        );
      const plan = assemblyPlan(probes, record.joins);
      const files = await soundFiles(ctx, row, record.sound, record.origin, tools.signal, sources);
      const cues = placeCues(
        record.sound?.captions ?? [],
        plan.starts,
        probes.map((p) => p.duration),
        plan.duration,
        new Map(files.narration.map((n) => [n.shot, n.duration])),
      );
      const command = await assemblyCommand({
        shots: sources.slice(0, probes.length).map((s) => s.file),
        probes,
        joins: record.joins,
        plan,
        sound: record.sound,
        files,
        cues,
        out: tmp,
        tempFile: tools.tempFile,
      });
      scratch.push(...command.scratch);
      const args = command.args;
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
        throw new AssemblyRefused(
          'assembly_failed',
          'Joining the shots failed: ffmpeg could not decode or encode them. Check that every shot and audio file plays, then assemble again; if it keeps failing, report the request id',
        );
      }
      // The captions beside the MP4, under the same capability path; their URL is given on success.
      if (cues.length) {
        const vtt = tools.tempFile('.vtt');
        await fs.promises.writeFile(vtt, webVtt(cues));
        await moveIntoStore(ctx, vtt, storedRelPath(row.owner, row.id, CAPTIONS_FILE));
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
      if (err instanceof AssemblyRefused) return failed(row, err.code, err.message);
      // Our own refusals of a shot URL (not found, refused by the URL guard, unreachable) name the
      // field and say what to fix; they never carry ffmpeg's text.
      if (err instanceof ApiError) return failed(row, err.options.code ?? 'invalid_shot', err.message);
      throw err;
    } finally {
      await Promise.all(sources.map((s) => s.release()));
      await Promise.all(scratch.map((f) => fs.promises.rm(f, { force: true }).catch(() => undefined)));
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
            ...(record.sound?.captions.length
              ? { captions_url: fileUrl(record.origin, storedRelPath(row.owner, row.id, CAPTIONS_FILE)) }
              : {}),
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

async function probeChecked(
  ctx: AppContext,
  row: TaskRow,
  source: LocalSource,
  i: number,
): Promise<ShotProbe> {
  let probe: ShotProbe;
  try {
    probe = await probeShotOnce(source.file, source.stored);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    logDetail(ctx, row, 'storyboard shot unreadable', err, { shot: i + 1 });
    throw new AssemblyRefused(
      'not_a_video',
      `Shot ${i + 1} is not a video this server can read. Give the URL of a video task's result (MP4), then assemble again`,
    );
  }
  if (probe.duration > MAX_SHOT_SEC)
    throw new AssemblyRefused(
      'shot_too_long',
      `Shot ${i + 1} lasts ${probe.duration.toFixed(1)} s; a shot may last at most ${MAX_SHOT_SEC} s. Trim it, then assemble again`,
    );
  return probe;
}
