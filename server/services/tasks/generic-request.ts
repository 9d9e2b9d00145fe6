import type { CreateTask } from '@contract/task-create';
import type { AppContext } from '../../context';
import { newId } from '../../ids';
import { getTask, insertTask } from '../../store/tasks';
import { rememberTaskOutcome } from '../double/outcomes';
import type { CreatingRequest } from './creating-request';
import { digitalHumanAudio, digitalHumanVideo } from './digital-human/digital-human-request';
import { image } from './image/image-request';
import { music } from './music/music-request';
import { resource } from './resource/resource-request';
import { wakeTaskRunner } from './runner/runner';
import { toTaskObject, type TaskObject } from './task-object';
import { PENDING_MS } from './runner/timing';

/**
 * Creates a POST /v1/tasks task from a body the contract schema has judged (the route reads it with
 * validJson): the checks that need the database (callback_url's destination, every asset), then the
 * new row, `pending`. Every refusal is a 400 whose `param` names the exact field (decision 065).
 * Returns the task object to show.
 */
export function createGenericTask(ctx: AppContext, req: CreatingRequest, input: CreateTask): TaskObject {
  const prepared =
    input.kind === 'digital_human_video'
      ? digitalHumanVideo(ctx, req, input.body)
      : input.kind === 'digital_human_audio'
        ? digitalHumanAudio(ctx, req, input.body)
        : input.kind === 'image'
          ? image(ctx, req, input.body)
          : input.kind === 'resource'
            ? resource(ctx, req, input.body)
            : music(ctx, req, input.body);
  const now = Date.now();
  const id = newId('task');
  insertTask(ctx.db, {
    id,
    owner: req.owner,
    kind: prepared.kind,
    model: prepared.model,
    status: 'pending',
    progress: 0,
    request: JSON.stringify(prepared.body),
    params: JSON.stringify(prepared.params),
    input_references: '[]',
    has_video_input: 0,
    total_tokens: prepared.tokens,
    callback_url: prepared.callbackUrl ?? null,
    origin: req.origin,
    request_id: req.requestId,
    trace_id: req.traceId,
    run_ms: prepared.runMs,
    next_at: now + ctx.scaled(PENDING_MS),
    created_ms: now,
    updated_ms: now,
  });
  rememberTaskOutcome(ctx, id);
  wakeTaskRunner(ctx);
  return toTaskObject(getTask(ctx.db, id)!, req.origin);
}
