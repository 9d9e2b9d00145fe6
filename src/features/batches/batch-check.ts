import { draftToRequest, requestToDraft, type ComposerDraft } from '@/lib/video-draft/draft';
import { validateDraft, type DraftIssue } from '@/lib/video-draft/validation';
import { fillRequest, unfilled, type TemplateVariable } from '@/lib/templates/variables';
import type { CreateVideo as CreateVideoBody } from '@contract/video';
import { bodyToMusicDraft, musicToBody, validateMusic, type MusicBody } from '@/lib/music-draft';
import { parseAssetReference } from '@contract/asset';
import {
  bodyToDigitalHumanDraft,
  digitalHumanToBody,
  EMPTY_DIGITAL_HUMAN_DRAFT,
  isPublicResourceId,
  validateDigitalHuman,
  type AssetLookup,
  type DigitalHumanAudioBody,
  type DigitalHumanField,
  type DigitalHumanVideoBody,
} from '@/lib/digital-human-draft';
import type { Batch, BatchField, ColumnTarget } from './batch-model';

/**
 * Each row checked before anything is sent, by the composer's own rules (validateDraft, built on
 * the contract's pure rules the server uses): a row is turned into the composer's draft exactly as
 * a request loaded into the composer would be, so a row the batch accepts is one the composer would.
 */

/** What a row sends: a video request, or the music or digital-human form's body. */
export type BatchBody = CreateVideoBody | MusicBody | DigitalHumanVideoBody | DigitalHumanAudioBody;

/** The task kind a row's body makes, as the registry and the prices name it. */
export function taskKindOf(
  kind: Batch['kind'],
  body: BatchBody,
): 'video' | 'music' | 'digital_human_video' | 'digital_human_audio' {
  if (kind !== 'digital_human') return kind;
  return 'voice_asset_id' in body ? 'digital_human_audio' : 'digital_human_video';
}

/**
 * One problem of a row: a composer issue (translated under `composer:issues.*`), or a batch one
 * (`batches:issues.*`, the music form's issues under `batches:issues.music.*`).
 */
export interface RowIssue {
  ns: 'composer' | 'batches';
  code: string;
  values?: Record<string, string | number>;
  severity: 'error' | 'warning';
  /** The column that holds the faulty value, when one does (its cell is marked). */
  column?: number;
}

export interface RowCheck {
  /** The body to POST: the composer's (draftToRequest) or the music form's, so both send the same shapes. */
  body: BatchBody;
  issues: RowIssue[];
  /** Blocking issues: the row is not sent until they are fixed, or the row is dropped. */
  ok: boolean;
}

const REFERENCE_ROLE: Partial<Record<BatchField, { role: string; media_type: string }>> = {
  first_frame: { role: 'first_frame', media_type: 'image' },
  reference_image: { role: 'reference_image', media_type: 'image' },
  reference_video: { role: 'reference_video', media_type: 'video' },
};

/** The request a row asks for, before the composer's reading: fields set, variables filled. */
export function rowRequest(
  request: Record<string, unknown>,
  columns: readonly ColumnTarget[],
  cells: readonly string[],
  variables: readonly TemplateVariable[],
): { request: Record<string, unknown>; unfilled: string[]; referenceColumns: number[] } {
  const values: Record<string, string> = {};
  const withFields: Record<string, unknown> = { ...request };
  const referenceColumns: number[] = [];
  let references = Array.isArray(request.references) ? [...(request.references as unknown[])] : undefined;
  columns.forEach((target, i) => {
    const cell = (cells[i] ?? '').trim();
    if ('variable' in target) {
      values[target.variable] = cell;
      return;
    }
    if (!('field' in target) || cell === '') return;
    const ref = REFERENCE_ROLE[target.field];
    if (ref) {
      references = [...(references ?? []), { ...ref, url: cell }];
      referenceColumns.push(i);
    } else withFields[target.field] = cell;
  });
  if (references) withFields.references = references;
  const vars = [...variables];
  return {
    request: fillRequest(withFields, values, vars),
    unfilled: unfilled(withFields, values, vars),
    referenceColumns,
  };
}

function columnOfIssue(
  issue: DraftIssue,
  draft: ComposerDraft,
  columns: readonly ColumnTarget[],
  referenceColumns: readonly number[],
  baseReferences: number,
): number | undefined {
  const field = issue.field;
  if (field.startsWith('ref:')) {
    const index = draft.references.findIndex((r) => field.startsWith(`ref:${r.key}:`));
    const column = referenceColumns[index - baseReferences];
    return index >= baseReferences ? column : undefined;
  }
  const i = columns.findIndex((c) => 'field' in c && c.field === field);
  return i >= 0 ? i : undefined;
}

type Checked = Pick<Batch, 'request' | 'columns' | 'variables'> & Partial<Pick<Batch, 'kind'>>;

function unfilledIssues(batch: Checked, names: readonly string[]): RowIssue[] {
  return names.map((name) => {
    const column = batch.columns.findIndex((c) => 'variable' in c && c.variable === name);
    return {
      ns: 'batches',
      code: 'variableUnfilled',
      values: { name },
      severity: 'error',
      ...(column >= 0 ? { column } : {}),
    };
  });
}

/** A music row: read as the music form reads a request, checked by its rules, sent as its body. */
function checkMusicRow(batch: Checked, cells: readonly string[], secrets: readonly string[]): RowCheck {
  const built = rowRequest(batch.request, batch.columns, cells, batch.variables);
  const draft = bodyToMusicDraft(built.request);
  const issues = unfilledIssues(batch, built.unfilled);
  for (const issue of validateMusic(draft, { secrets })) {
    const column = batch.columns.findIndex((c) => 'field' in c && c.field === issue.field);
    issues.push({
      ns: 'batches',
      code: `music.${issue.code}`,
      severity: issue.severity ?? 'error',
      ...(issue.values ? { values: issue.values } : {}),
      ...(column >= 0 ? { column } : {}),
    });
  }
  return { body: musicToBody(draft), issues, ok: !issues.some((i) => i.severity === 'error') };
}

/** The request key a digital-human form field is read from (the consent record is the batch's own). */
const DIGITAL_HUMAN_KEYS: Record<DigitalHumanField, BatchField | undefined> = {
  model: 'model',
  avatar: 'avatar_asset_id',
  audio: 'audio_url',
  name: 'name',
  text: 'text',
  voice: 'voice_asset_id',
  authorization: 'authorization_asset_id',
  callbackUrl: undefined,
};

/**
 * A digital-human row: read as the form reads a request (its mode by the model and fields), checked
 * by its rules, sent as its body. `lookup` holds the assets the page looked up (batch-assets.ts),
 * judged ready or not as the form judges its picks; an asset not looked up is not judged here.
 */
function checkDigitalHumanRow(
  batch: Checked,
  cells: readonly string[],
  secrets: readonly string[],
  lookup?: AssetLookup,
): RowCheck {
  const built = rowRequest(batch.request, batch.columns, cells, batch.variables);
  const consent =
    typeof built.request.authorization_asset_id === 'string'
      ? built.request.authorization_asset_id.trim()
      : '';
  const draft = bodyToDigitalHumanDraft(built.request, {
    ...EMPTY_DIGITAL_HUMAN_DRAFT,
    authorizationAssetId: parseAssetReference(consent) ?? consent,
  });
  const issues = unfilledIssues(batch, built.unfilled);
  const avatar = draft.avatarAssetId.trim();
  // A public avatar is no asset of the key's: the form does not look it up either.
  const known: AssetLookup | undefined =
    lookup && ((id) => (id === avatar && isPublicResourceId(id) ? undefined : lookup(id)));
  for (const issue of validateDigitalHuman(draft, { secrets, ...(known ? { lookup: known } : {}) })) {
    const key = DIGITAL_HUMAN_KEYS[issue.field];
    const column = batch.columns.findIndex((c) => 'field' in c && c.field === key);
    issues.push({
      ns: 'batches',
      code: `digitalHuman.${issue.code}`,
      severity: issue.severity ?? 'error',
      ...(issue.values ? { values: issue.values } : {}),
      ...(column >= 0 ? { column } : {}),
    });
  }
  const body = digitalHumanToBody(draft);
  // A public avatar is sent as its id, as the form sends it (the specification's flow).
  if ('avatar_asset_id' in body && isPublicResourceId(avatar)) body.avatar_asset_id = avatar;
  return { body, issues, ok: !issues.some((i) => i.severity === 'error') };
}

export function checkRow(
  batch: Checked,
  cells: readonly string[],
  secrets: readonly string[] = [],
  lookup?: AssetLookup,
): RowCheck {
  if (batch.kind === 'music') return checkMusicRow(batch, cells, secrets);
  if (batch.kind === 'digital_human') return checkDigitalHumanRow(batch, cells, secrets, lookup);
  const built = rowRequest(batch.request, batch.columns, cells, batch.variables);
  const draft = requestToDraft(built.request);
  const base = Array.isArray(batch.request.references) ? batch.request.references.length : 0;
  const issues = unfilledIssues(batch, built.unfilled);
  for (const issue of validateDraft(draft, { secrets })) {
    const column = columnOfIssue(issue, draft, batch.columns, built.referenceColumns, base);
    issues.push({
      ns: 'composer',
      code: issue.code,
      severity: issue.severity,
      ...(issue.values ? { values: issue.values } : {}),
      ...(column !== undefined ? { column } : {}),
    });
  }
  return { body: draftToRequest(draft), issues, ok: !issues.some((i) => i.severity === 'error') };
}

/** Every row checked; dropped rows are skipped (undefined at their index). */
export function checkRows(
  batch: Checked & Pick<Batch, 'rows'>,
  secrets: readonly string[] = [],
): (RowCheck | undefined)[] {
  return batch.rows.map((row) => (row.state === 'dropped' ? undefined : checkRow(batch, row.cells, secrets)));
}

type CheckContext = Checked & { secret: string; lookup: AssetLookup | undefined };
let last: { context: CheckContext; checks: WeakMap<string[], RowCheck> } | undefined;

/**
 * checkRows, remembering each row's check by its cells: a row is checked again only when its cells
 * change or the request, the mapping or the key do, so typing in one cell of 1,000 rows checks one.
 */
export function checkRowsCached(
  batch: Checked & Pick<Batch, 'rows'>,
  secret: string,
  lookup?: AssetLookup,
): (RowCheck | undefined)[] {
  const c = last?.context;
  if (
    !last ||
    c!.request !== batch.request ||
    c!.columns !== batch.columns ||
    c!.variables !== batch.variables ||
    c!.kind !== batch.kind ||
    c!.secret !== secret ||
    c!.lookup !== lookup
  ) {
    const { request, columns, variables, kind } = batch;
    last = { context: { request, columns, variables, kind, secret, lookup }, checks: new WeakMap() };
  }
  const checks = last.checks;
  return batch.rows.map((row) => {
    if (row.state === 'dropped') return undefined;
    let check = checks.get(row.cells);
    if (!check) checks.set(row.cells, (check = checkRow(batch, row.cells, secret ? [secret] : [], lookup)));
    return check;
  });
}
