import { useMemo } from 'react';
import type { FieldFeedback, FormIssue } from '@/lib/form/issues';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';
import { validateDraft, type DraftIssue, type FieldKey } from '@/lib/video-draft/validation';
import { shotFieldId } from './shot-card';
import { sentDraft, type Storyboard } from './storyboard';

/** Issues that wait for the first run attempt ("required"), as the composer's wait for its submit. */
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

/** `cast`, or a shot's id: whose field an issue is. */
export type IssueOwner = string;

/**
 * One issue of the whole board, for the form kit: its field names the owner and the owner's field
 * together (JSON, so no id or field key can make two fields one).
 */
export interface BoardIssue extends FormIssue<string> {
  owner: IssueOwner;
  ownField: FieldKey;
  severity: DraftIssue['severity'];
}

const boardField = (owner: IssueOwner, field: FieldKey) => JSON.stringify([owner, field]);
const elementOf = (field: string) => {
  const [owner, own] = JSON.parse(field) as [string, string];
  return shotFieldId(owner)(own);
};

/** Every issue of the board: the cast rows' first, then each shot's in order. */
export function boardIssues(board: Storyboard, secrets: readonly string[]): BoardIssue[] {
  const of = (owner: IssueOwner, issues: DraftIssue[]): BoardIssue[] =>
    issues.map((issue) => ({
      ...issue,
      owner,
      ownField: issue.field,
      field: boardField(owner, issue.field),
    }));
  return [
    ...of('cast', castIssues(board)),
    ...board.shots.flatMap((shot, i) => of(shot.id, shotIssues(board, i, secrets))),
  ];
}

/**
 * The storyboard's fields on the form kit (useFormFeedback), as one form: "required" issues wait
 * for the first run attempt, the others show as typed; a run attempt with blocking issues shows
 * them all and focuses the first, in the board's order.
 */
export function useBoardFeedback(board: Storyboard | undefined, secrets: readonly string[]) {
  const issues = useMemo(() => (board ? boardIssues(board, secrets) : []), [board, secrets]);
  const form = useFormFeedback({
    issues,
    showWhen: (issue) => (QUIET_UNTIL_RUN.has(issue.code) ? 'submit' : 'typing'),
    elementId: elementOf,
  });
  return {
    /** What the fields of the cast (`cast`) or of one shot (its id) show. */
    feedbackOf:
      (owner: IssueOwner) =>
      (field: FieldKey): FieldFeedback | undefined =>
        form.feedback(boardField(owner, field)),
    /** A run attempt: with blocking issues they show and the first takes focus; else `run` runs. */
    attempt: form.attempt,
    /** The blocking issues once a run was attempted. */
    errors: form.panel.errors as BoardIssue[],
  };
}
