import {
  VIDEO_DURATION,
  allowedResolutions,
  isResolutionAllowed,
  isVideoModel,
  parseRatio,
  VIDEO_MODEL_IDS,
} from '@contract/models';
import { parseAssetReference } from '@contract/asset';
import { ROLES_BY_KIND, extractAliases, isAcceptedMediaUrl, roleFitsKind } from '@contract/video-rules';
import { callbackIssues, type FormIssue } from '@/lib/form/issues';
import type { ComposerDraft, ReferenceDraft } from './draft';

/**
 * Checks a draft before it is sent, with the contract's pure rules (the same ones the server's
 * CreateVideoSchema uses), so an invalid combination is refused in the page with a translated
 * message instead of a round trip. Issues are codes plus values; the page translates them.
 */

export type TopField =
  'model' | 'prompt' | 'duration' | 'ratio' | 'resolution' | 'callbackUrl' | 'references';
export type ReferencePart = 'url' | 'alias' | 'role';
/** `prompt`, or `ref:<key>:alias` for a field of one reference row. */
export type FieldKey = TopField | `ref:${string}:${ReferencePart}`;

export function refField(key: string, part: ReferencePart): FieldKey {
  return `ref:${key}:${part}`;
}

/** An issue of the composer's draft: its code is a key under `composer:issues`; severity is always set. */
export type DraftIssue = FormIssue<FieldKey> & Required<Pick<FormIssue, 'severity'>>;

export interface ValidationContext {
  /** Strings a callback_url must not contain: the API key in use. */
  secrets?: readonly string[];
  /** Asset ids that no group of this key holds (looked up by useReferenceAssets). */
  missingAssets?: ReadonlySet<string>;
}

function error(field: FieldKey, code: string, values?: DraftIssue['values']): DraftIssue {
  return { field, code, values, severity: 'error' };
}

function checkDuration(text: string): DraftIssue | undefined {
  const trimmed = text.trim();
  const range = { min: VIDEO_DURATION.min, max: VIDEO_DURATION.max };
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return error('duration', 'durationNotNumber', range);
  // Fractions are the specification's own ("number or string, Seconds, 4 to 15").
  const n = Number(trimmed);
  if (n < VIDEO_DURATION.min || n > VIDEO_DURATION.max) return error('duration', 'durationRange', range);
  return undefined;
}

function checkReference(ref: ReferenceDraft, model: string, missing?: ReadonlySet<string>): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const url = ref.url.trim();
  if (url === '') issues.push(error(refField(ref.key, 'url'), 'urlRequired'));
  else if (!isAcceptedMediaUrl(url)) issues.push(error(refField(ref.key, 'url'), 'urlInvalid'));
  else {
    const id = parseAssetReference(url);
    if (id && missing?.has(id)) issues.push(error(refField(ref.key, 'url'), 'assetNotFound', { id }));
  }
  // An alias is any text (the specification gives it no format), so none is refused for its form.
  if (!roleFitsKind(ref.role, ref.mediaType)) {
    issues.push(
      error(refField(ref.key, 'role'), 'roleType', {
        role: ref.role,
        type: ref.mediaType,
        allowed: ROLES_BY_KIND[ref.mediaType].join(', '),
      }),
    );
  }
  if (ref.asset?.ready === false && parseAssetReference(url) === ref.asset.id)
    issues.push(error(refField(ref.key, 'url'), 'assetPreparing', { model: ref.asset.model ?? model }));
  // Readiness is confirmed for the model an asset was registered with (specification, Asset states
  // rule 1): one known (by its record, or by this browser that registered it) to be for another
  // model is refused. The specification's asset record need not name its model: when no one
  // knows it, the deployment decides, so it is only a warning.
  const assetModel = ref.asset?.model;
  if (ref.asset && parseAssetReference(url) === ref.asset.id && isVideoModel(model)) {
    if (!assetModel)
      issues.push({
        field: refField(ref.key, 'url'),
        code: 'assetModelUnknown',
        values: { model },
        severity: 'warning',
      });
    else if (assetModel !== model)
      issues.push(error(refField(ref.key, 'url'), 'assetOtherModel', { assetModel, model }));
  }
  return issues;
}

/**
 * Every problem of the draft, errors and warnings, in the order of the form. No length or count
 * limit is checked here: the specification sets none, and a server's own bounds are its to tell
 * (issue 44: the dashboard never copies them).
 */
export function validateDraft(draft: ComposerDraft, context: ValidationContext = {}): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const { references } = draft;

  if (!isVideoModel(draft.model))
    issues.push(error('model', 'modelUnknown', { model: draft.model, models: VIDEO_MODEL_IDS.join(', ') }));

  const defined = new Set(references.map((r) => r.alias.trim()).filter(Boolean));
  const mentioned = extractAliases(draft.prompt, defined);
  const undefinedAliases = mentioned.filter((a) => !defined.has(a));
  if (undefinedAliases.length > 0) {
    // An @word blocks only beside references that define aliases, where it is a mention that
    // matches none of them; with no alias defined it is prose (a handle, a tag) and at most a
    // warning, since the specification only says the prompt "can mention" an alias.
    issues.push({
      field: 'prompt',
      code: 'aliasUndefined',
      values: { aliases: undefinedAliases.map((a) => `@${a}`).join(', '), count: undefinedAliases.length },
      severity: defined.size > 0 ? 'error' : 'warning',
    });
  }

  const duration = checkDuration(draft.duration);
  if (duration) issues.push(duration);

  // Any positive <w>:<h> (2.39:1 included): the specification bounds no proportion.
  if (!parseRatio(draft.ratio)) issues.push(error('ratio', 'ratioFormat'));

  if (isVideoModel(draft.model) && !isResolutionAllowed(draft.model, draft.resolution)) {
    issues.push(
      error('resolution', 'resolutionNotOffered', {
        model: draft.model,
        resolution: draft.resolution,
        allowed: allowedResolutions(draft.model).join(', '),
      }),
    );
  }

  const seenAliases = new Set<string>();
  let firstFrame = false;
  for (const ref of references) {
    issues.push(...checkReference(ref, draft.model, context.missingAssets));
    const alias = ref.alias.trim();
    if (alias) {
      if (seenAliases.has(alias)) issues.push(error(refField(ref.key, 'alias'), 'aliasDuplicate', { alias }));
      seenAliases.add(alias);
      if (!mentioned.includes(alias))
        issues.push({
          field: refField(ref.key, 'alias'),
          code: 'aliasUnused',
          values: { alias },
          severity: 'warning',
        });
    }
    if (ref.role === 'first_frame' && ref.mediaType === 'image') {
      // Allowed (the specification limits no first frames); a deployment decides which it uses.
      if (firstFrame)
        issues.push({ field: refField(ref.key, 'role'), code: 'secondFirstFrame', severity: 'warning' });
      firstFrame = true;
    }
  }

  for (const issue of callbackIssues('callbackUrl' as FieldKey, draft.callbackUrl, context.secrets ?? []))
    issues.push({ ...issue, severity: issue.severity ?? 'error' });
  return issues;
}
