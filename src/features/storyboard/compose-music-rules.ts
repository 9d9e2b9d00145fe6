import { MUSIC_MODELS } from '@contract/models';
import { MUSIC_LENGTH } from '@contract/music-length';
import type { FormIssue } from '@/lib/form/issues';
import type { Storyboard } from './storyboard';
import { plannedLength } from './sound';

/**
 * A music track composed for the cut (issue 42, decision 500): a music task of POST /v1/tasks whose
 * length is the cut's. The specification's music body has no length field, so the length is stated
 * in the prompt's first words, where the local server reads it (decision 065) and a hosted model
 * reads a plain instruction.
 */

export type ComposeField = 'prompt';

/** The length to ask for: the cut's, rounded up to a whole second, within what a track can last. */
export function composeSeconds(board: Storyboard): number | undefined {
  const cut = plannedLength(board);
  if (cut === undefined || cut <= 0) return undefined;
  return Math.min(MUSIC_LENGTH.max, Math.max(MUSIC_LENGTH.min, Math.ceil(cut)));
}

/** What is sent: the stated length first (the first length a prompt states is the one used). */
export function composeBody(board: Storyboard, typed: string, seconds: number) {
  return {
    model: MUSIC_MODELS[0],
    prompt: `Length: ${seconds} seconds. ${typed.trim()}`,
    style: '',
    title: board.name.trim().slice(0, 200),
    customMode: false,
  };
}

export type ComposeBody = ReturnType<typeof composeBody>;

export function composeIssues(typed: string, seconds: number | undefined): FormIssue<ComposeField>[] {
  if (seconds === undefined) return [{ field: 'prompt', code: 'composeLengthUnknown' }];
  if (!typed.trim()) return [{ field: 'prompt', code: 'composePromptRequired' }];
  return [];
}
