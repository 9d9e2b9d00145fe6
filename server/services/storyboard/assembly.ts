import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ApiError, badRequest } from '../../errors';
import { h264Options, runFfmpeg } from '../../media/ffmpeg';
import { token } from '../../ids';
import { fileOwnerSegment } from '../file-owner';
import { fileUrl, storedAbsPath } from '../assets/asset-files';
import { findAssembly, saveAssembly, type AssemblyRecord } from '../../store/storyboard-assemblies';
import { assemblyPlan, type AssemblyPlan, type Join } from './assembly-graph';
import { checkSourceUrl, localSource, storyboardTempDir, type LocalSource } from './media-source';
import { probeShot, type ShotProbe } from './shot-probe';

/** Bounds on what one request can make this server do (two cores, shared). */
export const MAX_SHOTS = 12;
export const MAX_SHOT_SEC = 60;
export const MAX_TOTAL_SEC = 300;
const MAX_PIXELS = 4096 * 2304;
const ENCODE_TIMEOUT_MS = 10 * 60_000;

const RequestSchema = z.object({
  shots: z
    .array(z.object({ url: z.string().min(1).max(4096) }).strict())
    .min(1)
    .max(MAX_SHOTS),
  joins: z.array(z.enum(['cut', 'crossfade'])).optional(),
});

export type { AssemblyRecord };

/**
 * Assembled storyboards: a row of `storyboard_assemblies` per job (SQLite, decision 335), written
 * before any work starts, and the MP4 under DATA_DIR/files/<owner-segment>/<id>/, so it is served,
 * downloaded and registrable as an asset by its capability URL like any stored file. A row left
 * `running` by a stopped server is taken up again when it is next asked for (decision 311). One
 * encode runs at a time: the others wait their turn.
 */
export class Assemblies {
  private readonly running = new Map<string, Promise<void>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {}

  private write(owner: string, record: AssemblyRecord): void {
    saveAssembly(this.ctx.db, owner, record, Date.now());
  }

  private read(owner: string, id: string): AssemblyRecord | undefined {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
    return findAssembly(this.ctx.db, owner, id) ?? this.legacy(owner, id);
  }

  /**
   * A record kept as a JSON file by the first version (DATA_DIR/storyboard/<owner segment>/<id>.json):
   * moved into the table on first read, then the file is removed.
   */
  private legacy(owner: string, id: string): AssemblyRecord | undefined {
    const file = path.join(this.ctx.config.dataDir, 'storyboard', fileOwnerSegment(owner), `${id}.json`);
    let record: AssemblyRecord;
    try {
      record = JSON.parse(fs.readFileSync(file, 'utf8')) as AssemblyRecord;
    } catch {
      return undefined;
    }
    if (record.id !== id || !Array.isArray(record.shots) || !Array.isArray(record.joins)) return undefined;
    this.write(owner, record);
    fs.rmSync(file, { force: true });
    return record;
  }

  create(owner: string, origin: string, body: unknown): AssemblyRecord {
    const parsed = RequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const param = issue.path.join('.') || 'shots';
      throw badRequest(
        `${param}: ${issue.message}. Send {"shots": [{"url": "<result URL>"}, …]} with 1 to ${MAX_SHOTS} shots, ` +
          'and optionally "joins": ["cut" | "crossfade", …] (one per join).',
        param,
      );
    }
    const { shots } = parsed.data;
    for (const [i, shot] of shots.entries()) checkSourceUrl(this.ctx, shot.url, `shots.${i}.url`, origin);
    const joins = parsed.data.joins ?? [];
    if (joins.length > Math.max(0, shots.length - 1))
      throw badRequest(
        `joins has ${joins.length} entries; ${shots.length} shots have ${shots.length - 1} joins.`,
        'joins',
      );
    const record: AssemblyRecord = {
      id: `asm_${token(20)}`,
      status: 'running',
      progress: 0,
      shots,
      joins: shots.slice(1).map((_, i) => joins[i] ?? 'cut'),
      created_at: Math.floor(Date.now() / 1000),
      origin,
    };
    this.write(owner, record);
    this.start(owner, record);
    return record;
  }

  /** The record; a `running` one nobody works on (the server restarted) is started again. */
  get(owner: string, id: string): AssemblyRecord {
    const record = this.read(owner, id);
    if (!record)
      throw new ApiError(
        404,
        `No assembly "${id}" for this key. Start one with POST /local/storyboard/assemblies.`,
        {
          code: 'assembly_not_found',
          param: 'id',
        },
      );
    if (record.status === 'running' && !this.running.has(id)) this.start(owner, { ...record, progress: 0 });
    return record;
  }

  /** Resolves when the job settles (tests and the bench). */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  private start(owner: string, record: AssemblyRecord): void {
    const job = (this.queue = this.queue
      .catch(() => undefined)
      .then(() => this.run(owner, record))
      .finally(() => this.running.delete(record.id)));
    this.running.set(record.id, job);
  }

  private async run(owner: string, record: AssemblyRecord): Promise<void> {
    const signal = AbortSignal.timeout(ENCODE_TIMEOUT_MS);
    const sources: LocalSource[] = [];
    const relPath = `${fileOwnerSegment(owner)}/${record.id}/storyboard.mp4`;
    const tmp = path.join(storyboardTempDir(this.ctx), `${record.id}-${process.hrtime.bigint()}.mp4`);
    let listFile: string | undefined;
    try {
      const probes: ShotProbe[] = [];
      for (const [i, shot] of record.shots.entries()) {
        const source = await localSource(this.ctx, shot.url, `shots.${i}.url`, record.origin, signal);
        sources.push(source);
        let probe: ShotProbe;
        try {
          probe = await probeShot(source.file);
        } catch (err) {
          throw new Error(`shot ${i + 1} is not a readable video (${(err as Error).message})`);
        }
        if (probe.duration > MAX_SHOT_SEC)
          throw new Error(
            `shot ${i + 1} lasts ${probe.duration.toFixed(1)} s; a shot may last at most ${MAX_SHOT_SEC} s`,
          );
        probes.push(probe);
      }
      const total = probes.reduce((s, p) => s + p.duration, 0);
      if (total > MAX_TOTAL_SEC)
        throw new Error(
          `the shots last ${total.toFixed(1)} s together; at most ${MAX_TOTAL_SEC} s are assembled`,
        );
      if (probes[0]!.width * probes[0]!.height > MAX_PIXELS)
        throw new Error(
          `the first shot is ${probes[0]!.width}x${probes[0]!.height}; at most 4096x2304 is assembled`,
        );
      const plan: AssemblyPlan = assemblyPlan(probes, record.joins);
      const args: string[] = [];
      if (canCopy(probes, record.joins)) {
        // Same size, rate and codecs, cuts only: the streams are joined as they are, no re-encode.
        const list = `${tmp}.txt`;
        listFile = list;
        await fs.promises.writeFile(
          list,
          sources.map((s) => `file '${s.file.replaceAll("'", "'\\''")}'\n`).join(''),
        );
        args.push('-f', 'concat', '-safe', '0', '-i', list, '-map', '0:v:0', '-map', '0:a:0', '-c', 'copy');
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
      let last = 0;
      await runFfmpeg(args, {
        signal,
        timeoutMs: ENCODE_TIMEOUT_MS,
        durationSec: plan.duration,
        onProgress: (fraction) => {
          // A record write per 5 %: progress is seen without a write per ffmpeg line.
          if (fraction - last < 0.05 && fraction < 1) return;
          last = fraction;
          this.write(owner, { ...record, progress: Math.min(0.99, fraction) });
        },
      });
      const dest = storedAbsPath(this.ctx, relPath);
      await fs.promises.mkdir(path.dirname(dest), { recursive: true });
      await fs.promises.rename(tmp, dest);
      this.write(owner, {
        ...record,
        status: 'succeeded',
        progress: 1,
        url: fileUrl(record.origin, relPath),
        file_name: 'storyboard.mp4',
        duration: plan.duration,
        width: plan.width,
        height: plan.height,
        fps: plan.fps,
        scaled: plan.scaled,
      });
    } catch (err) {
      const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
      this.ctx.log.warn('storyboard assembly failed', { assembly: record.id, err: message });
      this.write(owner, { ...record, status: 'failed', progress: 0, error: message });
    } finally {
      await Promise.all(sources.map((s) => s.release()));
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      if (listFile) await fs.promises.rm(listFile, { force: true }).catch(() => undefined);
    }
  }
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

const registry = new WeakMap<AppContext, Assemblies>();

/** One job list per server context (tests build several). */
export function assembliesOf(ctx: AppContext): Assemblies {
  let a = registry.get(ctx);
  if (!a) registry.set(ctx, (a = new Assemblies(ctx)));
  return a;
}
