import { MUSIC_MODELS } from '@contract/models';
import { callbackIssues, type FormIssue } from '@/lib/form/issues';

/**
 * A music request as the music form holds it, builds it and checks it: shared by that form and
 * the batches of music tracks (issue 45), so a row a batch accepts is one the form would.
 */

export type MusicField = 'model' | 'prompt' | 'style' | 'title' | 'callbackUrl';

export interface MusicDraft {
  model: string;
  prompt: string;
  style: string;
  title: string;
  customMode: boolean;
  callbackUrl: string;
}

export const EMPTY_MUSIC_DRAFT: MusicDraft = {
  model: MUSIC_MODELS[0],
  prompt: '',
  style: '',
  title: '',
  customMode: false,
  callbackUrl: '',
};

export interface MusicBody {
  model: string;
  prompt: string;
  style: string;
  title: string;
  customMode: boolean;
  callback_url?: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function musicToBody(draft: MusicDraft): MusicBody {
  const body: MusicBody = {
    model: draft.model,
    prompt: draft.prompt,
    style: draft.style.trim(),
    title: draft.title.trim(),
    customMode: draft.customMode,
  };
  return draft.callbackUrl.trim() ? { ...body, callback_url: draft.callbackUrl.trim() } : body;
}

export function bodyToMusicDraft(body: Record<string, unknown>): MusicDraft {
  return {
    model: str(body.model) || EMPTY_MUSIC_DRAFT.model,
    prompt: str(body.prompt),
    style: str(body.style),
    title: str(body.title),
    customMode: body.customMode === true,
    callbackUrl: str(body.callback_url),
  };
}

/**
 * Music: without custom mode the prompt describes the track; with it, title and style are
 * required and the prompt is the lyrics (may be empty for an instrumental).
 */
export function validateMusic(
  draft: MusicDraft,
  context: { secrets?: readonly string[] } = {},
): FormIssue<MusicField>[] {
  const issues: FormIssue<MusicField>[] = [];
  if (!draft.model.trim()) issues.push({ field: 'model', code: 'modelRequired' });
  if (draft.customMode) {
    if (!draft.style.trim()) issues.push({ field: 'style', code: 'styleRequiredCustom' });
    if (!draft.title.trim()) issues.push({ field: 'title', code: 'titleRequiredCustom' });
  } else if (!draft.prompt.trim()) {
    issues.push({ field: 'prompt', code: 'promptRequired' });
  }
  issues.push(...callbackIssues('callbackUrl' as const, draft.callbackUrl, context.secrets ?? []));
  return issues;
}
