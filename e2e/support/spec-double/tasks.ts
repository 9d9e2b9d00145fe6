import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { DoubleTask } from '../spec-deployment-data';
import { RESULT_PLACES, setPath, taskShape, withPresence } from '../spec-deployment-shapes';
import { badRequest, errorEnvelope, faultAnswer, jsonBody, type DoubleContext } from './context';

/** The state the specification does not list, sent once mid-way by some tasks. */
export const UNKNOWN_TASK_STATE = 'WARMING_UP';
/** Seeded assets the double refuses in a task (not prepared for any model): the Campaign poster. */
const NOT_PREPARED = new Set(['asset_campaign1']);
/** Specification, POST /v1/videos: `model` is "Required. One of" these; Limits: durations and resolutions. */
const VIDEO_MODELS: Record<string, string[]> = {
  'video-2.0-cl': ['480p', '720p', '1080p'],
  'video-2.0-cl-fast': ['480p', '720p'],
  'video-2.0-cl-mini': ['480p', '720p'],
};

/** What the specification marks required or bounds in a video body; undefined when it may be sent. */
function videoBodyProblem(json: Record<string, unknown>): string | undefined {
  const model = json.model;
  if (typeof model !== 'string' || !(model in VIDEO_MODELS))
    return `model is required: one of ${Object.keys(VIDEO_MODELS).join(', ')}`;
  if (json.duration !== undefined) {
    const n = typeof json.duration === 'number' ? json.duration : Number(String(json.duration).trim());
    if (!Number.isFinite(n) || n < 4 || n > 15) return 'duration must be 4 to 15 seconds';
  }
  if (json.resolution !== undefined && !VIDEO_MODELS[model]!.includes(String(json.resolution)))
    return `resolution ${String(json.resolution)} is not offered by ${model}`;
  for (const key of ['ratio', 'aspect_ratio'])
    if (json[key] !== undefined && !/^\d+(\.\d+)?:\d+(\.\d+)?$/.test(String(json[key])))
      return `${key} must be of the form <w>:<h>`;
  return undefined;
}

function newTaskId(ctx: DoubleContext): string {
  const n = ctx.next();
  switch (ctx.style.taskIds) {
    case 'uuid':
      return randomUUID();
    case 'task':
      return `task_${Date.now().toString(36)}${n}`;
    case 'numeric':
      return `${Date.now()}${n}`;
    default:
      return `cgt-${Date.now().toString(36)}-${n}`;
  }
}

/** The outcome the words of a body ask for: the journeys steer the double this way. */
function outcomeOf(json: Record<string, unknown>): DoubleTask['outcome'] {
  const words = ['prompt', 'name', 'text'].map((k) => (typeof json[k] === 'string' ? json[k] : '')).join(' ');
  if (/stuck/i.test(words)) return 'stuck';
  if (/no result/i.test(words)) return 'no-result';
  if (/cancel/i.test(words)) return 'cancel';
  if (/fail/i.test(words)) return 'fail';
  return 'succeed';
}

/**
 * A task record at its age, as this deployment spells it (task:<id> draws). The generic query
 * (`generic`) knows an image task only as submitted: its progress is the image service's, at the
 * style's prefix, so a client that follows it anywhere else never sees it end.
 */
function taskView(ctx: DoubleContext, t: DoubleTask, generic: boolean): Record<string, unknown> {
  const shape = ctx.draws.draw(`task:${t.id}`, taskShape);
  const age = generic && t.image ? 0 : Date.now() - t.createdAt;
  const body: Record<string, unknown> = { ...shape.extra };
  if (shape.idName !== 'task_id') body.id = t.id;
  if (shape.idName !== 'id') body.task_id = t.id;
  // An image task names its model: nothing else tells a client which query follows it.
  if (ctx.style.taskModel || t.image) body.model = t.model;
  let progress = 0;
  if (t.outcome === 'cancel' && age > 1_500) body.status = shape.cancelledAs;
  else if (age < 700) body.status = shape.waitingAs;
  else if (age < 1_400) {
    body.status = shape.runningAs;
    progress = 40;
  } else if (t.outcome === 'stuck') body.status = shape.stuckAs;
  else if (age < 2_000 && shape.unknownState) body.status = UNKNOWN_TASK_STATE;
  else if (age < 2_500) {
    body.status = shape.runningAs;
    progress = 80;
  } else if (t.outcome === 'fail') {
    body.status = shape.failedAs;
    // Rule 3 names error.message, error.code and fail_reason: any may be missing.
    const error: Record<string, unknown> = {};
    withPresence(
      error,
      'message',
      'the input was rejected by a content policy',
      shape.failureFields.errorMessage,
    );
    withPresence(error, 'code', 'content_policy', shape.failureFields.errorCode);
    body.error = error;
    withPresence(body, 'fail_reason', 'content policy', shape.failureFields.failReason);
    body.request_id = `req_${t.id}`;
  } else {
    body.status = shape.succeededAs;
    progress = 100;
    // The first present place in the specification's order holds the result; any later one a decoy.
    if (t.outcome !== 'no-result') {
      const places = RESULT_PLACES.filter((p) => shape.resultPlaces.includes(p));
      places.forEach((place, i) =>
        setPath(body, place, i === 0 ? t.resultUrl : `${ctx.fixtureOrigin}/not-the-result.bin`),
      );
    }
  }
  withPresence(body, 'progress', progress, shape.progress);
  if (t.references) body.input_references = t.references;
  return body;
}

export function taskRoutes(api: Hono, ctx: DoubleContext) {
  let taskPolls = 0;
  let musicCreates = 0;

  const createTask = async (c: Context) => {
    const json = await jsonBody(c);
    if (json instanceof Response) return json;
    const video = c.req.path === '/v1/videos';
    const problem = video
      ? videoBodyProblem(json)
      : typeof json.model === 'string' && json.model
        ? undefined
        : 'model is required';
    if (problem) return badRequest(c, problem);
    const model = json.model as string;
    ctx.created.push({ path: c.req.path, body: json });
    if (model.startsWith('music') && musicCreates++ === 0)
      return faultAnswer(ctx, c, ctx.style.createFault, 'create');
    // Readiness is per model (Asset states rule 1): an asset never registered for this one is
    // refused, with a 400 that names no param (the error catalog is not shown).
    for (const ref of Array.isArray(json.references) ? (json.references as Array<{ url?: unknown }>) : []) {
      const id = typeof ref.url === 'string' ? ref.url.replace(/^Asset:\/\//, '') : '';
      if (NOT_PREPARED.has(id))
        return badRequest(c, `asset ${id} is not prepared for ${model}: register it for this model`);
    }
    const audio = model.startsWith('music') || model.startsWith('digital-human-audio');
    const references = Array.isArray(json.references)
      ? (json.references as Array<Record<string, unknown>>).map((r) => ({
          alias: r.alias,
          role: r.role,
          type: r.media_type,
          binding_status: 'bound',
        }))
      : undefined;
    const task: DoubleTask = {
      id: newTaskId(ctx),
      model,
      createdAt: Date.now(),
      resultUrl: `${ctx.fixtureOrigin}/${audio ? 'sample.mp3' : 'sample.mp4'}`,
      outcome: outcomeOf(json),
      references,
    };
    ctx.tasks.set(task.id, task);
    const answer: Record<string, unknown> = {};
    setPath(answer, ctx.style.createdIdAt, task.id);
    return c.json(answer);
  };
  api.post('/v1/videos', createTask);
  api.post('/v1/tasks', createTask);

  const pollTask = (c: Context, generic: boolean) => {
    const task = ctx.tasks.get(c.req.param('id') ?? '');
    // The image service answers only its own tasks.
    if (!task || (!generic && !task.image))
      return c.json(errorEnvelope('task not found', 'invalid_request_error'), 404);
    if (!generic) ctx.imageFetches.push(c.req.path);
    taskPolls += 1;
    // Two polls in a row from a drawn one on, counted over all tasks: the style's faults.
    const nth = taskPolls - ctx.style.firstFaultPoll;
    if (nth === 0 || nth === 1) return faultAnswer(ctx, c, ctx.style.pollFaults[nth]!, 'poll');
    return c.json(taskView(ctx, task, generic));
  };
  api.get('/v1/tasks/:id', (c) => pollTask(c, true));
  api.get('/v1/videos/:id', (c) => pollTask(c, true));
  // Specification: `GET /<image-service-prefix>/task/{id}/fetch`, at the drawn prefix only.
  api.get(`${ctx.style.imagePrefix}/task/:id/fetch`, (c) => pollTask(c, false));
}

/**
 * An image task, as another client made it: the creation endpoint of image tasks is "not shown",
 * so the journeys get one from the double itself and open it by its id.
 */
export function addImageTask(ctx: DoubleContext): string {
  const task: DoubleTask = {
    id: newTaskId(ctx),
    model: 'image-gen-2',
    createdAt: Date.now(),
    resultUrl: `${ctx.fixtureOrigin}/sample.png`,
    outcome: 'succeed',
    image: true,
  };
  ctx.tasks.set(task.id, task);
  return task.id;
}
