import type { AssemblyRequest } from '@contract/storyboard-assembly';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { token } from '../../ids';
import { findAssembly, saveAssembly, type AssemblyRecord } from '../../store/storyboard-assemblies';
import { getTask, getTaskForOwner, insertTask } from '../../store/tasks';
import { wakeTaskRunner } from '../tasks/runner/runner';
import type { CreatingRequest } from '../tasks/creating-request';
import { ASSEMBLY_KIND } from './assembly-kind';
import { checkSourceUrl } from './media-source';
import { quoted } from '@contract/quoted';

export type { AssemblyRecord };

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Assembled storyboards: a row of `storyboard_assemblies` per job (decision 335) holds the plan
 * and the result's description; the encoding is a job of the durable task runner (decision 356,
 * kind `storyboard_assembly`, same id), so it has a lease, survives a restart without being asked
 * for, runs at most TASK_CONCURRENCY at once with the other tasks and takes its turn among keys.
 * The MP4 is stored under DATA_DIR/files/<owner-segment>/<id>/ and served by its capability URL.
 */
export class Assemblies {
  constructor(private readonly ctx: AppContext) {}

  private read(owner: string, id: string): AssemblyRecord | undefined {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
    return findAssembly(this.ctx.db, owner, id);
  }

  /**
   * Queues an assembly of a request the contract schema has judged (the route reads it with
   * validJson). Every URL it names is checked now by the URL guard's rule of form, as every URL
   * field is at creation (issue 41), so a loopback or private one is a 400 naming the field rather
   * than a failed job; the job checks each again when it fetches it, and holds what it fetched to
   * the media rules before ffmpeg reads it.
   */
  create(req: CreatingRequest, body: AssemblyRequest): AssemblyRecord {
    const { shots, audio, narration, captions, burn_captions } = body;
    const check = (url: string, param: string) => checkSourceUrl(this.ctx, url, param, req.origin);
    shots.forEach((shot, i) => check(shot.url, `shots[${i}].url`));
    if (audio) check(audio.url, 'audio.url');
    narration.forEach((line, i) => check(line.url, `narration[${i}].url`));
    const joins = body.joins ?? [];
    const hasSound = Boolean(audio) || narration.length > 0 || captions.length > 0;
    const record: AssemblyRecord = {
      id: `asm_${token(20)}`,
      status: 'running',
      progress: 0,
      shots,
      joins: shots.slice(1).map((_, i) => joins[i] ?? 'cut'),
      ...(hasSound ? { sound: { ...(audio ? { audio } : {}), narration, captions, burn_captions } } : {}),
      created_at: Math.floor(Date.now() / 1000),
      origin: req.origin,
    };
    this.ctx.db.transaction(() => {
      saveAssembly(this.ctx.db, req.owner, record, Date.now());
      this.enqueue(req, record.id);
    })();
    wakeTaskRunner(this.ctx);
    return record;
  }

  /** The job row of an assembly: queued at once (no simulated waiting), nothing billed. */
  private enqueue(req: CreatingRequest, id: string): void {
    const now = Date.now();
    insertTask(this.ctx.db, {
      id,
      owner: req.owner,
      kind: ASSEMBLY_KIND,
      model: ASSEMBLY_KIND,
      status: 'submitted',
      progress: 0,
      request: '{}',
      params: '{}',
      input_references: '[]',
      has_video_input: 0,
      total_tokens: 0,
      callback_url: null,
      origin: req.origin,
      request_id: req.requestId,
      trace_id: req.traceId,
      run_ms: 0,
      next_at: now,
      created_ms: now,
      updated_ms: now,
    });
  }

  /**
   * The record; a running one shows its job's progress. A `running` record without a job (left by
   * a version that queued in memory) is queued now, under the request that asked for it.
   */
  get(req: CreatingRequest, id: string): AssemblyRecord {
    const record = this.read(req.owner, id);
    if (!record)
      throw new ApiError(
        404,
        `No assembly ${quoted(id)} for this key. Start one with POST /local/storyboard/assemblies.`,
        { code: 'assembly_not_found', param: 'id' },
      );
    const job = getTaskForOwner(this.ctx.db, req.owner, id);
    if (record.status !== 'running') return record;
    if (!job) {
      this.enqueue(req, id);
      wakeTaskRunner(this.ctx);
      return { ...record, progress: 0 };
    }
    return { ...record, progress: Math.min(0.99, job.progress / 100) };
  }

  /** Resolves when the job has ended (tests and the bench; the runner must be started). */
  async settled(id: string, timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const status = getTask(this.ctx.db, id)?.status;
      if (!status || TERMINAL.has(status)) return;
      if (Date.now() > until) throw new Error(`assembly ${id} did not end within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

const registry = new WeakMap<AppContext, Assemblies>();

/** One service per server context (tests build several). */
export function assembliesOf(ctx: AppContext): Assemblies {
  let a = registry.get(ctx);
  if (!a) registry.set(ctx, (a = new Assemblies(ctx)));
  return a;
}
