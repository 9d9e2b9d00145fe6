import { issuesByField, type FieldFeedback } from '@/lib/form/issues';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';
import { validateDraft, type DraftIssue, type FieldKey } from '@/lib/video-draft/validation';
import { sentDraft, type Storyboard } from './storyboard';

/** Issues that wait for the first run attempt ("required"), so a new empty shot is not shouted at. */
const QUIET_UNTIL_RUN = new Set(['urlRequired', 'promptRequired']);

const castKeys = (board: Storyboard) => new Set(board.cast.map((r) => r.key));
const rowKeyOf = (field: FieldKey) => /^ref:(.+):(url|alias|role)$/.exec(field)?.[1];

/**
 * A shot's issues, by the composer's rules on what it sends (first frame, cast and its own rows),
 * without those of the cast rows: the cast editor shows them once for every shot.
 */
export function shotIssues(board: Storyboard, index: number, secrets: readonly string[]): DraftIssue[] {
  const cast = castKeys(board);
  return validateDraft(sentDraft(board, index), { secrets }).filter((issue) => {
    const key = rowKeyOf(issue.field);
    // An alias of the cast that this shot's prompt does not name is not a warning: other shots may.
    return !(key && cast.has(key)) && !(key?.startsWith('frame-') && issue.code === 'aliasUnused');
  });
}

/** The cast rows' issues, checked against every shot's prompt (an alias no shot names is a warning). */
export function castIssues(board: Storyboard): DraftIssue[] {
  const prompt = board.shots.map((s) => s.draft.prompt).join('\n');
  const cast = castKeys(board);
  return validateDraft({ ...EMPTY_COMPOSER_DRAFT, prompt: prompt || ' ', references: board.cast }).filter(
    (issue) => cast.has(rowKeyOf(issue.field) ?? ''),
  );
}

/** What each field shows: quiet issues only after a run was attempted. */
export function feedbackOf(issues: readonly DraftIssue[], attempted: boolean) {
  const shown = issuesByField<FieldKey, DraftIssue>(
    attempted ? issues : issues.filter((i) => !QUIET_UNTIL_RUN.has(i.code)),
  );
  return (field: FieldKey): FieldFeedback | undefined => {
    const issue = shown.get(field);
    return issue ? { issue } : undefined;
  };
}

export const blocking = (issues: readonly DraftIssue[]) => issues.filter((i) => i.severity === 'error');
