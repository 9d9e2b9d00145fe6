import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { isQuotaError, knownErrorKind } from '@/lib/error-kind';
import { errorMessage } from '@/lib/error-message';
import type { TFunction } from '@/lib/i18n';

export interface ErrorAlertProps {
  error: unknown;
  /** What failed here ("The asset library could not be loaded."): the headline of an unmapped error. */
  title: string;
  /** A sentence under the headline that this place knows better than the error's own message. */
  description?: ReactNode;
  /**
   * Explain known failures (no answer, key refused, rate limited, unknown group) in plain words
   * instead of `title` (decision 078). Off where the headline itself must stay, e.g. "Task not found".
   */
  explainKnown?: boolean;
  /** The headline's element: a heading where the alert stands in for a whole page or panel. */
  headingLevel?: 'h2' | 'h3';
  onRetry?: () => void;
  retryLabel?: string;
  /** Further next steps (e.g. "Switch to the default group"), shown before Try again. */
  actions?: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
  /** Open "Details" from the start (by default only when nothing plainer could be said). */
  detailsOpen?: boolean;
  /** More for support under "Details", e.g. a crash's stack. */
  children?: ReactNode;
  /** `page` when the alert stands in for a whole page (more padding); className must not set padding. */
  size?: 'inline' | 'page';
  className?: string;
  'data-testid'?: string;
}

/**
 * What an error alert looks like and says: its box's classes, headline and sentence, whether it
 * offers Try again, and the known failure it explains. Shared by the full alert and the first
 * open's plain one (lazy-error-alert.tsx) so that the two cannot drift. One function returning a
 * tuple, with the caller's `t`: this is in the shell, where each export, hook call and property
 * name costs bytes that the first-open budget does not have. (Not named error-alert-*: vite.config.ts
 * leaves those out of the shell's chunk, for the full alert's own.)
 */
export function errorAlertParts(
  { error, title, description, explainKnown = true, onRetry, size, className }: ErrorAlertProps,
  t: TFunction,
) {
  const kind = explainKnown ? knownErrorKind(error) : undefined;
  return [
    cn(
      'flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 text-sm',
      size === 'page' ? 'p-6' : 'p-3',
      className,
    ),
    kind ? t(`errors.known.${kind}.title`) : title,
    description ?? (kind ? t(`errors.known.${kind}.description`) : errorMessage(error)),
    // A spent quota is not cured by asking again: the person must raise it first (issue 44 §5).
    onRetry && kind !== 'groupNotFound' && !isQuotaError(error),
    kind,
  ] as const;
}
