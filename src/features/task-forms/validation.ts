import { assetPhase, type AssetPhase } from '@contract/asset';
import { callbackIssues, type FormIssue } from '@/lib/form/issues';
import type { DigitalHumanDraft } from './draft';

// Music's rules moved down to src/lib, shared with the batches of music tracks.
export { validateMusic, type MusicField } from '@/lib/music-draft';
import type { MusicField } from '@/lib/music-draft';

export type DigitalHumanField =
  'model' | 'avatar' | 'audio' | 'name' | 'text' | 'voice' | 'authorization' | 'callbackUrl';

/*
 * No length is checked here: the specification bounds none of these fields, and the local server's
 * own bounds (README, "This server's own bounds") are that server's to tell, not the page's to copy
 * onto another deployment (decision 367, issue 44). Models are free text for the same reason: the
 * specification names them with "e.g.".
 */

function modelIssue<F extends string>(field: F, model: string): FormIssue<F>[] {
  return model.trim() ? [] : [{ field, code: 'modelRequired' }];
}

/** What the page knows about an asset the draft names (from its detail query); undefined = not loaded yet. */
export type AssetLookup = (id: string) => Parameters<typeof assetPhase>[0] | undefined;

/** A picked asset must be ready (the five conditions) before the server takes it. */
function assetIssue(
  field: DigitalHumanField,
  id: string,
  lookup: AssetLookup | undefined,
): FormIssue<DigitalHumanField>[] {
  const asset = lookup?.(id);
  if (!asset) return [];
  const phase: AssetPhase = assetPhase(asset);
  if (phase === 'ready') return [];
  return [{ field, code: `asset_${phase}`, values: { id } }];
}

function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks the digital-human draft the way the server will (decision 065), plus the consent
 * record the dashboard asks for (decision 066), so most refusals never need a round trip.
 */
export function validateDigitalHuman(
  draft: DigitalHumanDraft,
  context: { secrets?: readonly string[]; lookup?: AssetLookup } = {},
): FormIssue<DigitalHumanField>[] {
  const issues: FormIssue<DigitalHumanField>[] = [];
  const { lookup } = context;
  if (draft.mode === 'video') {
    issues.push(...modelIssue('model' as const, draft.videoModel));
    if (!draft.avatarAssetId.trim()) issues.push({ field: 'avatar', code: 'avatarRequired' });
    else issues.push(...assetIssue('avatar', draft.avatarAssetId.trim(), lookup));
    if (draft.audioSource === 'url') {
      const url = draft.audioUrl.trim();
      if (!url) issues.push({ field: 'audio', code: 'audioUrlRequired' });
      else if (!isHttpUrl(url)) issues.push({ field: 'audio', code: 'audioUrlInvalid' });
    } else if (!draft.audioAssetId.trim()) {
      issues.push({ field: 'audio', code: 'audioRequired' });
    } else {
      issues.push(...assetIssue('audio', draft.audioAssetId.trim(), lookup));
    }
  } else {
    issues.push(...modelIssue('model' as const, draft.audioModel));
    if (!draft.text.trim()) issues.push({ field: 'text', code: 'textRequired' });
    if (!draft.voiceAssetId.trim()) issues.push({ field: 'voice', code: 'voiceRequired' });
    else issues.push(...assetIssue('voice', draft.voiceAssetId.trim(), lookup));
  }
  if (!draft.authorizationAssetId.trim()) {
    issues.push({ field: 'authorization', code: 'authorizationRequired' });
  } else {
    issues.push(...assetIssue('authorization', draft.authorizationAssetId.trim(), lookup));
  }
  issues.push(...callbackIssues('callbackUrl' as const, draft.callbackUrl, context.secrets ?? []));
  return issues;
}

const DIGITAL_HUMAN_PARAMS: Record<string, DigitalHumanField> = {
  model: 'model',
  avatar_asset_id: 'avatar',
  audio_url: 'audio',
  name: 'name',
  text: 'text',
  voice_asset_id: 'voice',
  callback_url: 'callbackUrl',
};
const MUSIC_PARAMS: Record<string, MusicField> = {
  model: 'model',
  prompt: 'prompt',
  style: 'style',
  title: 'title',
  callback_url: 'callbackUrl',
};

/** The field a server refusal's `param` names; undefined for one the form does not show. */
export function digitalHumanFieldOfParam(param: string | undefined): DigitalHumanField | undefined {
  return param ? DIGITAL_HUMAN_PARAMS[param.trim().split(/[.[]/)[0]!] : undefined;
}
export function musicFieldOfParam(param: string | undefined): MusicField | undefined {
  return param ? MUSIC_PARAMS[param.trim().split(/[.[]/)[0]!] : undefined;
}
