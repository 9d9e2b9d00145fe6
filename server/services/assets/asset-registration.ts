import path from 'node:path';
import { type AssetMode, inferAssetType } from '@contract/asset';
import type { RegisterAssetByUrl } from '@contract/asset-schemas';
import { withoutControlCharacters } from '@contract/plain-text';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { newId } from '../../ids';
import { type AssetRow, getAssetById, insertAsset } from '../../store/assets';
import { initialState, needsWork, technicalFailure } from './asset-lifecycle';
import { mimeFromName, resolveAssetType, resolveContentType } from './asset-media-types';
import { wakeAssetWorker } from './asset-worker';
import { shownSourceCause } from './source-privacy';
import { assertPublicUrlParam, guardedFetch } from '../outbound/url-guard';
import { inspectSource, type SourceInfo, SourceUnreachableError, unreachableSyncError } from './asset-source';
import { resolveGroup } from '../groups';
import { assetOutcome } from '../double/outcomes';
import { quoted } from '@contract/quoted';

const MODEL_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

/**
 * The model an asset is prepared for. Any model name is accepted (decision 290: the specification
 * names the video line only as an example, and a deployment may know more); readiness stays per
 * model, so an asset prepared for an unknown model is simply not ready for any other.
 */
export function checkModel(model: string | undefined): string | null {
  if (model === undefined) return null;
  if (!MODEL_NAME.test(model)) {
    throw badRequest(
      `model ${quoted(model)} is not a model name: use letters, digits, ".", "_" or "-" (at most 64), ` +
        'e.g. video-2.0-cl, or omit model for assets that are not used with a specific model.',
      'model',
      'invalid_model',
    );
  }
  return model;
}

export interface NewAssetInput {
  id: string;
  owner: string;
  groupId: string;
  type: string;
  name: string;
  description: string;
  origin: 'url' | 'upload';
  mode: AssetMode;
  sourceUrl: string;
  filePath: string | null;
  contentType: string;
  size: number;
  model: string | null;
  purpose?: string;
  role?: string;
  domain?: string;
  metadata?: Record<string, unknown>;
  /** What `reject`, `review-fail` and `slow` are looked for in: the source URL or file name. */
  faultSource: string;
  /** Set when the source is already known to be unusable: the asset is created failed. */
  failure?: string;
}

/** Inserts the row in the `created` state (or failed at once) and returns it as stored. */
export function createAsset(ctx: AppContext, input: NewAssetInput): AssetRow {
  const now = Date.now();
  // An outcome asked for through the local double's switch wins over one read from the name.
  const { fault, pace } = assetOutcome(input.faultSource);
  const lifecycle = initialState(now, ctx.scaled, {
    type: input.type,
    pace,
    work: needsWork(input.type, input.origin, input.mode),
  });
  insertAsset(ctx.db, {
    id: input.id,
    owner: input.owner,
    group_id: input.groupId,
    domain: input.domain ?? 'media',
    type: input.type,
    name: input.name,
    description: input.description,
    origin: input.origin,
    mode: input.mode,
    source_url: input.sourceUrl,
    file_path: input.filePath,
    content_type: input.contentType,
    size: input.size,
    duration: 0,
    sync_error: null,
    visibility: 'private',
    model: input.model,
    purpose: input.purpose ?? null,
    role: input.role ?? null,
    metadata: input.metadata ? JSON.stringify(input.metadata) : null,
    fault,
    pace,
    created_ms: now,
    updated_ms: now,
    ...lifecycle,
    ...(input.failure ? technicalFailure(input.failure) : {}),
  });
  wakeAssetWorker(ctx);
  return getAssetById(ctx.db, input.id)!;
}

function nameFromUrl(url: string): string {
  try {
    const base = path.posix.basename(decodeURIComponent(new URL(url).pathname));
    return withoutControlCharacters(base).trim().slice(0, 200);
  } catch {
    return '';
  }
}

/**
 * POST /v1/assets/uploads with a JSON body. The URL is inspected now (bounded by 10 s) so that the
 * answer carries the real type, content type and size; an unreachable URL still creates the asset,
 * failed, with `sync_error` naming the cause and the remedy (specification, Asset states rule 4).
 */
export async function registerByUrl(
  ctx: AppContext,
  owner: string,
  body: RegisterAssetByUrl,
): Promise<AssetRow> {
  const model = checkModel(body.model);
  const groupId = resolveGroup(ctx, owner, body.group_id);
  let info: SourceInfo | undefined;
  let failure: string | undefined;
  await assertPublicUrlParam(ctx.config, body.url, 'url', ctx.urlGuard);
  try {
    info = await inspectSource(body.url, undefined, guardedFetch(ctx.config, ctx.urlGuard));
  } catch (err) {
    if (!(err instanceof SourceUnreachableError)) throw err;
    failure = unreachableSyncError(await shownSourceCause(ctx, body.url, err.message));
  }
  const urlName = nameFromUrl(body.url);
  const contentType = info ? resolveContentType(info.contentType, urlName) : (mimeFromName(urlName) ?? '');
  // An unreachable source cannot contradict the declared type; the extension is the best guess then.
  const type = info ? resolveAssetType(body.type, contentType) : (body.type ?? inferAssetType(contentType));
  const metaName =
    typeof body.metadata?.name === 'string'
      ? withoutControlCharacters(body.metadata.name).trim().slice(0, 200)
      : '';
  return createAsset(ctx, {
    id: newId('asset'),
    owner,
    groupId,
    type,
    name: body.name || metaName || urlName || 'asset',
    description: body.description ?? '',
    origin: 'url',
    mode: body.mode,
    sourceUrl: body.url,
    filePath: null,
    contentType,
    size: info?.size ?? 0,
    model,
    purpose: body.purpose,
    role: body.role,
    domain: body.domain,
    metadata: body.metadata,
    faultSource: body.url,
    failure,
  });
}
