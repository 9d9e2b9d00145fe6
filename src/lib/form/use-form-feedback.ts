import { useEffect, useEffectEvent, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { focusElement } from './focus';
import { submitShortcutRef } from './submit-shortcut';
import { isBlocking, issuesByField, type FieldFeedback, type FormIssue } from './issues';
import type { Refusal } from './refusal';

/**
 * When an issue is first shown: at once (`typing`: a key in a callback URL, a duration out of
 * range), once its field was left (`left`: a fresh field is not judged while it is typed), or only
 * after a submit attempt (`submit`: "required", so a new empty form is not shouted at). After a
 * submit attempt every issue shows, and a shown issue follows the value: it goes the moment the
 * value is right.
 */
export type ShowWhen = 'typing' | 'left' | 'submit';

interface FormFeedbackOptions<F extends string, S, I extends FormIssue<F>> {
  issues: readonly I[];
  showWhen: (issue: I) => ShowWhen;
  /** The id of the element that shows a field (fieldElementId mostly), to focus it and to know it was left. */
  elementId: (field: F) => string;
  refusal?: Refusal<F, S> | null;
  dismissRefusal?: () => void;
  /** Whether the field still holds, now, what it held in the refused snapshot. */
  unchangedSince?: (snapshot: S, field: F) => boolean;
}

/**
 * The one feedback-and-submit model of every form: issues under their fields (errors before
 * warnings, each shown when its `showWhen` says), a server refusal pinned to the field its `param`
 * names until that field changes, the blocking issues listed once a submit was attempted, and the
 * submit itself: attempt, focus the first problem (or the refused field) or send.
 */
export function useFormFeedback<F extends string, S, I extends FormIssue<F>>({
  issues,
  showWhen,
  elementId,
  refusal = null,
  dismissRefusal,
  unchangedSince = () => true,
}: FormFeedbackOptions<F, S, I>) {
  const [attempted, setAttempted] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  // Fields left while a pointer is pressed in the form, marked once it is released (see onPointerDown).
  const pressed = useRef<string[] | null>(null);
  const markLeft = (ids: string[]) => {
    if (ids.length > 0) setLeft((prev) => new Set([...prev, ...ids]));
  };
  const visible = (issue: I) => {
    if (attempted) return true;
    const when = showWhen(issue);
    return when === 'typing' || (when === 'left' && left.has(elementId(issue.field)));
  };
  const shown = issuesByField<F, I>(issues.filter(visible));

  // Focus moves after React has drawn the messages the control's description points at.
  const focusField = (field: F) => {
    const id = elementId(field);
    requestAnimationFrame(() => focusElement(id));
  };
  // A new refusal naming a field takes the person there, as a failed local check does.
  const focusRefused = useEffectEvent((field: F) => focusField(field));
  useEffect(() => {
    if (refusal?.field) focusRefused(refusal.field);
  }, [refusal]);

  const feedback = (field: F): FieldFeedback | undefined => {
    const issue = shown.get(field);
    const refused =
      refusal?.field === field && unchangedSince(refusal.snapshot, field) ? refusal.message : undefined;
    return issue || refused ? { issue, serverMessage: refused } : undefined;
  };

  /** A submit attempt: every issue shows, the first blocking one takes focus, or, with none, `send` runs. */
  const attempt = (send: () => void) => {
    setAttempted(true);
    const first = issues.find(isBlocking);
    if (first) focusField(first.field);
    else send();
  };

  return {
    feedback,
    /** For a second action of the form that needs its values right (a connection test): as a submit. */
    attempt,
    /** What the submit panel shows: the blocking issues once a submit was attempted, and the refusal. */
    panel: {
      errors: attempted ? issues.filter(isBlocking) : [],
      onFocusField: focusField,
      refusal,
      onDismissRefusal: dismissRefusal,
    },
    /**
     * What the <form> element takes: the submit (the first blocking issue takes focus, or, with
     * none, `send` runs; Ctrl/Cmd+Enter too), and the events that tell a field was left.
     */
    formProps: (send: () => void) => ({
      noValidate: true,
      ref: submitShortcutRef,
      onSubmit: (event: FormEvent) => {
        event.preventDefault();
        attempt(send);
      },
      // The field whose element (or an element inside it) lost focus was left.
      onBlur: (event: FocusEvent) => {
        const ids: string[] = [];
        for (let el: Element | null = event.target; el && el !== event.currentTarget; el = el.parentElement)
          if (el.id && !left.has(el.id)) ids.push(el.id);
        if (pressed.current) pressed.current.push(...ids);
        else markLeft(ids);
      },
      // Pressing the submit button takes focus from the field just typed in: the message that brings
      // would push the button from under the pointer before the click lands, and the submit would be
      // lost. So a field left during a press is marked once the press is over.
      onPointerDown: () => {
        if (pressed.current) return;
        pressed.current = [];
        const release = () => {
          document.removeEventListener('pointerup', release, true);
          document.removeEventListener('pointercancel', release, true);
          setTimeout(() => {
            const ids = pressed.current ?? [];
            pressed.current = null;
            markLeft(ids);
          });
        };
        document.addEventListener('pointerup', release, true);
        document.addEventListener('pointercancel', release, true);
      },
    }),
    reset: () => {
      setAttempted(false);
      setLeft(new Set());
    },
  };
}
