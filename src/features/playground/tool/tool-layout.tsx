import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/error-alert';
import { ViewCodeButton } from '@/features/playground/view-code/view-code-button';
import type { CodeRequest } from '@/features/playground/view-code/code-snippets';

/**
 * A request-and-answer tool (embeddings, speech, transcription): the form on the left, the answer
 * on the right (below on narrow screens). `form` ends with ToolActions.
 */
export function ToolLayout({
  onSubmit,
  form,
  resultLabel,
  result,
}: {
  onSubmit: () => void;
  form: ReactNode;
  resultLabel: string;
  result: ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
      <form
        // Each tool says what is wrong in the page's language, beside the field; not the browser.
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {form}
      </form>
      <section aria-label={resultLabel} className="flex min-w-0 flex-col gap-3">
        {result}
      </section>
    </div>
  );
}

/** Run (the form's submit button, its label saying when it is running) and "view code". */
export function ToolActions({
  label,
  disabled,
  request,
}: {
  label: string;
  disabled: boolean;
  request: () => CodeRequest;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={disabled}>
        {label}
      </Button>
      <ViewCodeButton request={request} />
    </div>
  );
}

/**
 * The answer side: the failure (with Try again), else the answer, else what will appear here.
 * `children` is rendered only when there is an answer.
 */
export function ToolResult({
  error,
  failedTitle,
  onRetry,
  empty,
  children,
}: {
  error: unknown;
  failedTitle: string;
  onRetry: () => void;
  empty: string;
  children: ReactNode;
}) {
  if (error) return <ErrorAlert error={error} title={failedTitle} onRetry={onRetry} />;
  return children ?? <p className="text-sm text-muted-foreground">{empty}</p>;
}
