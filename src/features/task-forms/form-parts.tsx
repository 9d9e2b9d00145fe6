import { useQuery } from '@tanstack/react-query';
import { Inbox, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { JsonView } from '@/components/ui/json-view';
import { Spinner } from '@/components/ui/spinner';
import { useBaseUrl } from '@/api/connection-store';
import { systemQueries } from '@/api/system';
import { isInboxName } from '@/api/webhook-inbox';
import { FormField, type Feedback } from './form-field';
import type { Refusal } from './use-submit-task';

/** An inbox name nobody guesses: the inbox needs no key, so its name is all that keeps it private. */
function randomInboxName(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return `task-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 14)}`;
}

/** callback_url; on the local server one click fills in a webhook inbox whose deliveries the monitor shows. */
export function CallbackField({
  id,
  value,
  feedback,
  onChange,
}: {
  id: string;
  value: string;
  feedback?: Feedback;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('task-forms');
  const baseUrl = useBaseUrl();
  const bootstrap = useQuery(systemQueries.bootstrap(baseUrl));
  const local = bootstrap.data?.mode === 'local';
  const origin = (baseUrl || window.location.origin).replace(/\/+$/, '');
  const prefix = `${origin}/webhooks/inbox/`;
  const inbox = value.trim().startsWith(prefix) ? value.trim().slice(prefix.length) : '';
  return (
    <FormField id={id} label={t('callback.label')} feedback={feedback} hint={t('callback.hint')}>
      {(props) => (
        <>
          <div className="flex flex-wrap gap-2">
            <Input
              {...props}
              type="url"
              inputMode="url"
              className="min-w-64 flex-1 font-mono text-xs"
              placeholder="https://example.com/webhooks/tasks"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
            {local && (
              <Button
                type="button"
                variant="outline"
                onClick={() => onChange(`${prefix}${randomInboxName()}`)}
              >
                <Inbox aria-hidden="true" /> {t('callback.useInbox')}
              </Button>
            )}
          </div>
          {local && isInboxName(inbox) && (
            <Link
              className="text-xs underline underline-offset-2"
              to={`/tasks?tab=inbox&inbox=${encodeURIComponent(inbox)}`}
            >
              {t('callback.viewInbox', { name: inbox })}
            </Link>
          )}
        </>
      )}
    </FormField>
  );
}

/**
 * The side panel of a form: what will be sent, the refusal of the last attempt in full (message,
 * code, param, request id), the count of problems left and the submit button.
 */
export function SubmitPanel({
  body,
  problems,
  refusal,
  pending,
  submitLabel,
  onDismissRefusal,
}: {
  body: unknown;
  problems: number;
  refusal: Refusal<string> | null;
  pending: boolean;
  submitLabel: string;
  onDismissRefusal: () => void;
}) {
  const { t } = useTranslation('task-forms');
  return (
    <aside className="flex flex-col gap-4 xl:sticky xl:top-4" aria-label={t('submit.panel')}>
      {refusal && (
        <ErrorAlert
          error={refusal.error}
          title={t('submit.refused')}
          onDismiss={onDismissRefusal}
          dismissLabel={t('submit.dismiss')}
        />
      )}
      {problems > 0 && (
        <p className="text-sm text-destructive" role="status">
          {t('submit.problems', { count: problems })}
        </p>
      )}
      <Button type="submit" disabled={pending} className="self-stretch">
        {pending ? <Spinner /> : <Send aria-hidden="true" />} {submitLabel}
      </Button>
      <section className="flex flex-col gap-1">
        <h2 className="text-sm font-semibold">{t('submit.preview')}</h2>
        <p className="text-xs text-muted-foreground">{t('submit.previewHint')}</p>
        <JsonView value={body} label={t('submit.preview')} />
      </section>
    </aside>
  );
}
