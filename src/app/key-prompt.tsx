import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useConnectionStore } from '@/api/connection-store';
import { testConnection, type ConnectionTestResult } from '@/api/system';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';

function failureKey(result: ConnectionTestResult): string | undefined {
  switch (result.kind) {
    case 'ok':
      return undefined;
    case 'no-key':
      return 'keyPrompt.empty';
    case 'unauthorized':
      return 'keyPrompt.rejected';
    case 'unreachable':
      return 'keyPrompt.unreachable';
    default:
      return 'keyPrompt.otherError';
  }
}

/**
 * Shown in place of a page when the server gave the dashboard no key (it runs with its own
 * API_KEYS, or it is a real deployment): one clear ask instead of a page of 401s. The key is tried
 * before it is saved; once saved, the page the person opened renders where this stood.
 */
export function KeyPrompt() {
  const { t } = useTranslation('key-prompt');
  const ids = { key: useId(), remember: useId(), help: useId(), error: useId() };
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const connectionSaved = useConnectionStore((s) => s.connectionSaved);
  const [apiKey, setApiKey] = useState('');
  const [remember, setRemember] = useState(false);
  const check = useMutation({
    mutationFn: (key: string) =>
      testConnection({ baseUrl, apiKey: key }, undefined, { describeServer: false }),
    onSuccess: (result, key) => {
      if (result.kind === 'ok') connectionSaved({ baseUrl, apiKey: key, remember });
    },
  });
  const failure = check.data ? failureKey(check.data) : undefined;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    check.mutate(apiKey.trim());
  }

  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids.key}-title`}>
        <CardHeader>
          <div className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            {/* In place of the page, so the page's one <h1>. */}
            <h1 id={`${ids.key}-title`} className="text-lg font-semibold leading-none">
              {t('keyPrompt.title')}
            </h1>
          </div>
          <CardDescription>{t('keyPrompt.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.key}>{t('keyPrompt.label')}</Label>
            <Input
              id={ids.key}
              type="password"
              // Not a login password: keep password managers from offering to save it.
              autoComplete="off"
              spellCheck={false}
              // The whole page is this one question.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              className="font-mono"
              value={apiKey}
              onChange={(e) => {
                setApiKey(e.target.value);
                check.reset();
              }}
              aria-invalid={failure ? true : undefined}
              aria-describedby={failure ? `${ids.error} ${ids.help}` : ids.help}
            />
            <p id={ids.help} className="text-sm text-muted-foreground">
              {t('keyPrompt.help')}
            </p>
          </div>
          <div className="flex items-start gap-2">
            <input
              id={ids.remember}
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            <Label htmlFor={ids.remember} weight="normal">
              {t('keyPrompt.remember')}
            </Label>
          </div>
          <div aria-live="polite">
            {check.isPending ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> {t('keyPrompt.checking')}
              </p>
            ) : failure ? (
              <p id={ids.error} className="text-sm text-destructive">
                {t(failure)}
              </p>
            ) : null}
          </div>
        </CardContent>
        <CardFooter className="flex-wrap gap-2">
          <Button type="submit" disabled={check.isPending || apiKey.trim() === ''}>
            {t('keyPrompt.submit')}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/settings">{t('keyPrompt.settings')}</Link>
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
