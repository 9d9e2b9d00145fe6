import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useBaseUrl } from '@/api/connection-store';
import { systemQueries } from '@/api/system';
import { isInboxName } from '@/api/webhook-inbox';
import { apiOrigin } from './curl';
import { Field, type FieldFeedback } from './field';

/** An inbox name nobody guesses: the inbox needs no key, so its name is all that keeps it private. */
export function randomInboxName(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return `composer-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 14)}`;
}

export function inboxUrl(origin: string, name: string): string {
  return `${origin}/webhooks/inbox/${name}`;
}

/** The inbox name when the URL is a webhook inbox of this origin, else undefined. */
export function inboxNameOf(url: string, origin: string): string | undefined {
  const prefix = `${origin}/webhooks/inbox/`;
  const name = url.trim().startsWith(prefix) ? url.trim().slice(prefix.length) : '';
  return isInboxName(name) ? name : undefined;
}

/**
 * callback_url, checked for credentials as it is typed (the page's validator runs
 * callbackUrlIssue with the key in use). When the server is the local one, one click fills in a
 * webhook inbox of that server, so the delivery can be watched without a receiver of one's own.
 */
export function CallbackUrlField({
  id,
  value,
  feedback,
  onChange,
}: {
  id: string;
  value: string;
  feedback?: FieldFeedback;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('composer');
  const baseUrl = useBaseUrl();
  const bootstrap = useQuery(systemQueries.bootstrap(baseUrl));
  const local = bootstrap.data?.mode === 'local';
  const origin = apiOrigin(baseUrl, window.location.origin);
  const inbox = local ? inboxNameOf(value, origin) : undefined;
  return (
    <Field id={id} label={t('callback.label')} feedback={feedback} hint={t('callback.hint')}>
      {(props) => (
        <>
          <div className="flex flex-wrap gap-2">
            <Input
              {...props}
              type="url"
              inputMode="url"
              className="min-w-64 flex-1 font-mono text-xs"
              placeholder="https://example.com/webhooks/video"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              spellCheck={false}
              autoComplete="off"
            />
            {local && (
              <Button variant="outline" onClick={() => onChange(inboxUrl(origin, randomInboxName()))}>
                <Inbox aria-hidden="true" /> {t('callback.useInbox')}
              </Button>
            )}
          </div>
          {inbox && (
            <Link
              className="text-xs underline underline-offset-2"
              to={`/tasks?tab=inbox&inbox=${encodeURIComponent(inbox)}`}
            >
              {t('callback.viewInbox', { name: inbox })}
            </Link>
          )}
        </>
      )}
    </Field>
  );
}
