import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiOrigin, useBaseUrl } from '@/api/connection-store';
import { systemQueries } from '@/api/system';
import { isInboxName } from '@contract/webhook-inbox';
import { useTranslation } from '@/lib/i18n';

/**
 * An inbox name nobody guesses. Reading an inbox needs the key that owns it (decision 282), and a
 * delivery without this server's signature shows as unverified; but names are first come, first
 * served and anyone may post to one, so a guessable name could be claimed by another key first or
 * filled by strangers.
 */
export function randomInboxName(prefix: string): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 14)}`;
}

export function inboxUrl(origin: string, name: string): string {
  return `${origin}/webhooks/inbox/${name}`;
}

/** The inbox name when the URL is a webhook inbox of this origin, else undefined. */
export function inboxNameOf(url: string, origin: string): string | undefined {
  const prefix = inboxUrl(origin, '');
  const name = url.trim().startsWith(prefix) ? url.trim().slice(prefix.length) : '';
  return isInboxName(name) ? name : undefined;
}

/** The ids and state a form field hands its control (label, message, invalid). */
export interface CallbackUrlControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * The control of a callback_url field (the label and message stay the form's own). When the server
 * is the local one, one click fills in a webhook inbox of that server, and a link opens its
 * deliveries in the task monitor, so a delivery can be watched without a receiver of one's own.
 */
export function CallbackUrlInput({
  control,
  value,
  onChange,
  inboxPrefix,
  placeholder,
}: {
  control: CallbackUrlControlProps;
  value: string;
  onChange: (value: string) => void;
  /** Starts generated inbox names ("composer", "task"): says in the inbox which page made it. */
  inboxPrefix: string;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const baseUrl = useBaseUrl();
  const bootstrap = useQuery(systemQueries.bootstrap(baseUrl));
  const local = bootstrap.data?.mode === 'local';
  const origin = apiOrigin(baseUrl, window.location.origin);
  const inbox = local ? inboxNameOf(value, origin) : undefined;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Input
          {...control}
          type="url"
          inputMode="url"
          text="code"
          className="min-w-64 flex-1"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        {local && (
          <Button
            type="button"
            variant="outline"
            onClick={() => onChange(inboxUrl(origin, randomInboxName(inboxPrefix)))}
          >
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
  );
}
