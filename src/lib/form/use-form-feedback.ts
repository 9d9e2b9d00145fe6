import { useState } from 'react';
import { isBlocking, issuesByField, type FieldFeedback, type FormIssue } from './issues';
import type { Refusal } from './submit-tasks';

interface FormFeedbackOptions<F extends string, S, I extends FormIssue<F>> {
  issues: readonly I[];
  /** Issues that wait for the first submit attempt ("required"), so a new empty form is not shouted at. */
  quietUntilSubmit: (issue: I) => boolean;
  refusal: Refusal<F, S> | null;
  /** Whether the field still holds, now, what it held in the refused snapshot. */
  unchangedSince: (snapshot: S, field: F) => boolean;
}

/**
 * What every form shows the same way: issues under their fields (quiet ones only after a submit
 * attempt, errors before warnings), a server refusal pinned to the field its `param` names until
 * that field changes, and the blocking issues once the person tried to submit.
 */
export function useFormFeedback<F extends string, S, I extends FormIssue<F>>({
  issues,
  quietUntilSubmit,
  refusal,
  unchangedSince,
}: FormFeedbackOptions<F, S, I>) {
  const [attempted, setAttempted] = useState(false);
  const shown = issuesByField<F, I>(attempted ? issues : issues.filter((i) => !quietUntilSubmit(i)));

  const feedback = (field: F): FieldFeedback | undefined => {
    const issue = shown.get(field);
    const refused =
      refusal?.field === field && unchangedSince(refusal.snapshot, field) ? refusal.message : undefined;
    return issue || refused ? { issue, serverMessage: refused } : undefined;
  };

  return {
    feedback,
    attempted,
    /** The blocking issues, listed once a submit was attempted. */
    errors: attempted ? issues.filter(isBlocking) : [],
    /** Marks a submit attempt; returns the first blocking issue (to focus), if any. */
    attempt: (): I | undefined => {
      setAttempted(true);
      return issues.find(isBlocking);
    },
    reset: () => setAttempted(false),
  };
}
