import { createContext, useContext, type ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import type { FormIssue } from '@/lib/form/issues';
import type { Refusal } from '@/lib/form/refusal';
import { useTranslation } from '@/lib/i18n';
import { useIssueText } from './issue-text';

/**
 * What blocks the submit, each problem a button that takes focus to its field; above several, how
 * many. An alert, so the list is read out when a submit attempt brings it.
 */
function ProblemList<F extends string>({
  errors,
  onFocusField,
}: {
  errors: readonly FormIssue<F>[];
  onFocusField: (field: F) => void;
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const links = errors.map((issue, i) => (
    <button
      key={`${issue.field}-${issue.code}-${i}`}
      type="button"
      className="inline align-top text-left underline underline-offset-2 hover:no-underline focus-visible:no-underline"
      onClick={() => onFocusField(issue.field)}
    >
      {issueText(issue)}
    </button>
  ));
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
      data-testid="validation-summary"
    >
      {links.length === 1 ? (
        links[0]
      ) : (
        <>
          <p className="font-medium text-destructive">{t('form.fixFirst', { count: links.length })}</p>
          <ul className="mt-1 list-disc pl-5">
            {links.map((link) => (
              <li key={link.key}>{link}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface Problems {
  count: number;
  focusFirst: () => void;
}
const ProblemsContext = createContext<Problems | null>(null);

/**
 * For the bar that sticks to the bottom of a phone's screen: how many problems block the submit, as
 * a button to the first one's field. Below xl the full list sits after the whole form and its
 * preview, thousands of pixels down; beside it (xl) the list is in view and this is not shown.
 */
export function StickyProblems() {
  const { t } = useTranslation();
  const problems = useContext(ProblemsContext);
  if (!problems || problems.count === 0) return null;
  return (
    <button
      type="button"
      className="text-left text-sm font-medium text-destructive underline underline-offset-2 hover:no-underline xl:hidden"
      onClick={problems.focusFirst}
    >
      {t('form.goToFirst', { count: problems.count })}
    </button>
  );
}

interface SubmitPanelProps<F extends string> {
  /** The blocking problems (after a submit attempt): each links to its field. */
  errors: readonly FormIssue<F>[];
  onFocusField: (field: F) => void;
  /** The server's refusal of the last submit, in full (message, code, param, request id). */
  refusal?: Refusal<F, unknown> | null;
  refusedTitle: string;
  onDismissRefusal?: () => void;
  /** Shown before the problems: the request the form will send. */
  preview?: ReactNode;
  /** The submit action (and whatever goes with it), after the problems. */
  children: ReactNode;
  /**
   * `side`: the column beside a page's form (below xl its box is `contents`, so the action can
   * stick to the bottom of the screen over the whole form); `footer`: the end of a dialog's form.
   */
  layout: 'side' | 'footer';
  /** Names the panel as a landmark (a page's side column). */
  label?: string;
}

/**
 * The end of every form: what it will send, what blocks it (each problem linked to its field),
 * the server's refusal of the last attempt, and the submit action.
 */
export function SubmitPanel<F extends string>({
  errors,
  onFocusField,
  refusal,
  refusedTitle,
  onDismissRefusal,
  preview,
  children,
  layout,
  label,
}: SubmitPanelProps<F>) {
  const { t } = useTranslation();
  const Box = label ? 'aside' : 'div';
  const first = errors[0]?.field;
  const problems = {
    count: errors.length,
    focusFirst: () => first !== undefined && onFocusField(first),
  };
  return (
    <ProblemsContext.Provider value={problems}>
      <Box
        aria-label={label}
        className={
          layout === 'side'
            ? 'contents xl:sticky xl:top-4 xl:flex xl:flex-col xl:gap-4'
            : 'flex flex-col gap-3 sm:col-span-full'
        }
      >
        {preview}
        {errors.length > 0 && <ProblemList errors={errors} onFocusField={onFocusField} />}
        {refusal && (
          <ErrorAlert
            error={refusal.error}
            title={refusedTitle}
            onDismiss={onDismissRefusal}
            dismissLabel={t('errors.dismiss')}
            data-testid="submit-refusal"
          />
        )}
        {children}
      </Box>
    </ProblemsContext.Provider>
  );
}
