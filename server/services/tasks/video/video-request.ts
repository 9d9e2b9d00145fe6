import {
  DEFAULT_VIDEO_RESOLUTION,
  resolutionDimensions,
  VIDEO_DURATION,
  type VideoResolution,
} from '@contract/models';
import {
  type ContentEntry,
  type CreateVideoParsed,
  collectMediaInputs,
  extraFirstFrames,
  KNOWN_CONTENT_TYPES,
  effectiveGenerateAudio,
  effectiveRatio,
  hasVideoInput,
  kindForRole,
  type MediaInput,
  promptText,
} from '@contract/video';
import { isRecord } from '@contract/is-record';
import type { AppContext } from '../../../context';
import { ApiError, badRequest } from '../../../errors';
import { newId } from '../../../ids';
import { type AssetRow, getAssetForOwner } from '../../../store/assets';
import { insertTask, getTask } from '../../../store/tasks';
import { assetNotReady } from '../../assets/asset-readiness';
import { existingStoredFile } from '../../assets/asset-files';
import { assertUrlFormAllowed } from '../../outbound/url-guard';
import { checkCallbackUrl } from '../callback-destination';
import { filesRelPath } from '../inputs/input-sources';
import { wakeTaskRunner } from '../runner/runner';
import { rememberTaskOutcome } from '../../double/outcomes';
import { PENDING_MS, videoRunMs } from '../runner/timing';
import { LOCAL_VIDEO_FPS, videoTotalTokens } from '@contract/usage';
import type { InputReference, VideoParams } from './video-task';
import type { CreatingRequest } from '../creating-request';
import { toTaskObject, type TaskObject } from '../task-object';
import { quoted } from '@contract/quoted';

function assetProblem(input: MediaInput, asset: AssetRow | undefined, model: string): ApiError | undefined {
  const id = input.assetId!;
  const param = input.urlParam;
  if (!asset) {
    // Another key's asset answers exactly like a missing one: nothing about it leaks.
    return new ApiError(
      400,
      `${param}: asset ${id} was not found. Use an asset_id of this API key (GET /v1/assets lists them).`,
      { code: 'asset_not_found', param },
    );
  }
  const needed = input.role ? kindForRole(input.role) : input.kind;
  if (needed && asset.type !== needed) {
    return badRequest(
      `${param}: asset ${id} is ${asset.type === 'image' ? 'an image' : `a ${asset.type}`}, but role ${input.role} needs ${needed === 'image' ? 'an image' : `a ${needed}`}. Use a ${needed} asset or another role.`,
      param,
      'asset_type_mismatch',
    );
  }
  if (!asset.model) {
    return badRequest(
      `${param}: asset ${id} was not prepared for any model. Register it again with model=${model} (POST /v1/assets/uploads) and use the new asset once it is ready.`,
      param,
      'asset_model_mismatch',
    );
  }
  if (asset.model !== model) {
    return badRequest(
      `${param}: asset ${id} was prepared for ${asset.model}, not ${model}. Use it with model ${asset.model}, or register it again with model=${model}.`,
      param,
      'asset_model_mismatch',
    );
  }
  return assetNotReady(asset, param);
}

/** Checks that need the database or the disk: `Asset://` references and `/files/...` URLs. */
function checkMediaSources(ctx: AppContext, req: CreatingRequest, inputs: MediaInput[], model: string): void {
  for (const input of inputs) {
    if (input.assetId) {
      const problem = assetProblem(input, getAssetForOwner(ctx.db, req.owner, input.assetId), model);
      if (problem) throw problem;
      continue;
    }
    const rel = filesRelPath(input.url, req.origin);
    if (input.url.trim().startsWith('/files/') || rel) {
      if (!rel || !existingStoredFile(ctx, rel)) {
        throw badRequest(
          `${input.urlParam}: no stored file at ${input.url.slice(0, 200)} on this server. Use the url of an asset (GET /v1/assets), a public URL or Asset://<asset_id>.`,
          input.urlParam,
          'file_not_found',
        );
      }
      continue;
    }
    assertUrlFormAllowed(ctx.config, input.url, input.urlParam, ctx.urlGuard);
  }
}

/**
 * A content[] entry of a type this server does not read is never dropped silently: the task keeps
 * it in `content` as sent and lists it here as `not_rendered` (decision 367).
 */
function unreadContent(content: readonly ContentEntry[] | undefined): InputReference[] {
  return (content ?? []).flatMap((entry, i) => {
    if ((KNOWN_CONTENT_TYPES as readonly string[]).includes(entry.type)) return [];
    const holder = (entry as Record<string, unknown>)[entry.type];
    const url = isRecord(holder) && typeof holder.url === 'string' ? holder.url : null;
    const role = (entry as { role?: unknown }).role;
    return [
      {
        alias: null,
        role: typeof role === 'string' ? role : null,
        type: entry.type,
        url,
        binding_status: 'not_rendered' as const,
        note: `content[${i}] has type ${quoted(entry.type)}, which this server does not render; the task's content keeps it as sent.`,
      },
    ];
  });
}

/**
 * Creates a POST /v1/videos task from a body the contract schema has judged (the route reads it with
 * validJson): the credential check of callback_url, then every media source against the database,
 * then the new row, `pending`. Every refusal is a 400 whose `param` names the exact field. Returns
 * the task object to show.
 */
export function createVideoTask(ctx: AppContext, req: CreatingRequest, body: CreateVideoParsed): TaskObject {
  checkCallbackUrl(ctx, req, body.callback_url);
  const inputs = collectMediaInputs(body);
  // The specification does not mark prompt required: a body with only a model is a video too.
  const prompt = promptText(body);
  checkMediaSources(ctx, req, inputs, body.model);

  const assetType = (id: string) => getAssetForOwner(ctx.db, req.owner, id)?.type;
  const withVideo = hasVideoInput(body, assetType);
  const resolution = (body.resolution as VideoResolution | undefined) ?? DEFAULT_VIDEO_RESOLUTION;
  const ratio = effectiveRatio(body);
  const duration = body.duration ?? VIDEO_DURATION.default;
  const { width, height } = resolutionDimensions(resolution, ratio);
  // An Asset:// input's type is the asset's own, whatever the request's field suggested.
  const typed = inputs.map((i) => {
    const t = i.assetId ? assetType(i.assetId) : undefined;
    return { ...i, kind: t === 'image' || t === 'video' || t === 'audio' ? t : i.kind };
  });
  const params: VideoParams = {
    prompt,
    duration,
    ratio,
    resolution,
    width,
    height,
    generate_audio: effectiveGenerateAudio(body),
    watermark: body.watermark ?? false,
    inputs: typed.map((i) => ({
      role: i.role ?? (i.kind === 'video' ? 'reference_video' : 'reference_image'),
      kind: i.kind,
      ...(i.alias ? { alias: i.alias } : {}),
      url: i.url.trim(),
    })),
  };
  const extra = new Set(extraFirstFrames(params.inputs));
  const references: InputReference[] = [
    ...params.inputs.map((i): InputReference => ({
      alias: i.alias ?? null,
      role: i.role,
      type: i.kind,
      url: i.url,
      binding_status: 'bound',
      ...(extra.has(i)
        ? {
            used_as: 'reference_image',
            note: 'Only the first first_frame listed is the first frame; this one is shown as a reference image.',
          }
        : {}),
    })),
    ...unreadContent(body.content),
  ];
  const now = Date.now();
  const id = newId('task');
  insertTask(ctx.db, {
    id,
    owner: req.owner,
    kind: 'video',
    model: body.model,
    status: 'pending',
    progress: 0,
    request: JSON.stringify(body),
    params: JSON.stringify(params),
    input_references: JSON.stringify(references),
    has_video_input: withVideo ? 1 : 0,
    total_tokens: videoTotalTokens({
      width,
      height,
      fps: LOCAL_VIDEO_FPS,
      durationSec: duration,
      hasVideoInput: withVideo,
    }),
    callback_url: body.callback_url ?? null,
    origin: req.origin,
    request_id: req.requestId,
    trace_id: req.traceId,
    run_ms: videoRunMs(duration, resolution),
    next_at: now + ctx.scaled(PENDING_MS),
    created_ms: now,
    updated_ms: now,
  });
  rememberTaskOutcome(ctx, id);
  wakeTaskRunner(ctx);
  return toTaskObject(getTask(ctx.db, id)!, req.origin);
}
