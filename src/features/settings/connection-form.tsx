import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  isValidBaseUrl,
  normalizeBaseUrl,
  normalizeImagePrefix,
  useConnectionStore,
} from '@/api/connection-store';
import { testConnection } from '@/api/system';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { ConnectionTestResultView } from '@/features/settings/connection-test-result';
import { isOtherOrigin, usePageServer } from '@/features/settings/page-server';
import { UnsavedChangesGuard } from '@/features/settings/unsaved-changes-guard';

/**
 * Base URL and API key. The form edits a draft (form state); Save writes the connection store, which
 * resets the query cache. "Remember on this device" applies at once to the saved key, so unticking
 * it removes the key from localStorage immediately.
 */
export function ConnectionForm() {
  const { t } = useTranslation('settings');
  const ids = {
    baseUrl: useId(),
    apiKey: useId(),
    remember: useId(),
    baseUrlHelp: useId(),
    imagePrefix: useId(),
    imagePrefixHelp: useId(),
    keyHelp: useId(),
  };
  const saved = {
    baseUrl: useConnectionStore((s) => s.baseUrl),
    apiKey: useConnectionStore((s) => s.apiKey),
    remember: useConnectionStore((s) => s.remember),
    keySource: useConnectionStore((s) => s.keySource),
    imagePrefix: useConnectionStore((s) => s.imagePrefix),
  };
  const connectionSaved = useConnectionStore((s) => s.connectionSaved);
  const rememberToggled = useConnectionStore((s) => s.rememberToggled);
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl);
  const [apiKey, setApiKey] = useState(saved.apiKey);
  const [imagePrefix, setImagePrefix] = useState(saved.imagePrefix);
  const [showKey, setShowKey] = useState(false);
  const [touched, setTouched] = useState(false);

  const baseUrlValid = isValidBaseUrl(baseUrl);
  const showBaseUrlError = touched && !baseUrlValid;
  const prefixValid = isValidImagePrefix(imagePrefix);
  const showPrefixError = touched && !prefixValid;
  const draft = {
    baseUrl: normalizeBaseUrl(baseUrl),
    apiKey: apiKey.trim(),
    imagePrefix: normalizeImagePrefix(imagePrefix),
  };
  const target = draft.baseUrl || window.location.origin;
  const dirty =
    draft.baseUrl !== saved.baseUrl ||
    draft.apiKey !== saved.apiKey ||
    (prefixValid && draft.imagePrefix !== saved.imagePrefix);
  const pageServer = usePageServer(baseUrlValid && isOtherOrigin(draft.baseUrl));
  // Served by Media Studio's server, the CSP lets the page reach its own origin only (proxy mode instead).
  const blockedHere = pageServer === 'hosted' && baseUrlValid && isOtherOrigin(draft.baseUrl);
  const direct = pageServer === 'static' && baseUrlValid && isOtherOrigin(draft.baseUrl);

  const test = useMutation({ mutationFn: (connection: typeof draft) => testConnection(connection) });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!baseUrlValid || !prefixValid || blockedHere) return;
    setImagePrefix(draft.imagePrefix);
    connectionSaved({ ...draft, remember: saved.remember });
    notifySuccess(t('saved'));
  }

  function onTest() {
    setTouched(true);
    if (!baseUrlValid) return;
    test.mutate(draft);
  }

  return (
    <Card>
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids.baseUrl}-title`}>
        <CardHeader>
          <CardTitle id={`${ids.baseUrl}-title`}>{t('connection.title')}</CardTitle>
          <CardDescription>{t('connection.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.baseUrl}>{t('connection.baseUrl')}</Label>
            <Input
              id={ids.baseUrl}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder={window.location.origin}
              value={baseUrl}
              onChange={(e) => {
                setBaseUrl(e.target.value);
                test.reset();
              }}
              onBlur={() => setTouched(true)}
              aria-invalid={showBaseUrlError || undefined}
              aria-describedby={ids.baseUrlHelp}
            />
            <p
              id={ids.baseUrlHelp}
              className={showBaseUrlError ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
            >
              {showBaseUrlError ? t('connection.baseUrlInvalid') : t('connection.baseUrlHelp')}
            </p>
            {blockedHere ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
              >
                {t('connection.otherOriginHosted')}
              </p>
            ) : direct ? (
              <p role="note" className="rounded-md border border-warning/40 bg-warning/5 p-3 text-sm">
                {t('connection.directMode', { origin: window.location.origin })}
              </p>
            ) : null}
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.imagePrefix}>{t('connection.imagePrefix')}</Label>
            <Input
              id={ids.imagePrefix}
              spellCheck={false}
              autoComplete="off"
              placeholder="/mj"
              value={imagePrefix}
              onChange={(e) => {
                setImagePrefix(e.target.value);
                test.reset();
              }}
              aria-invalid={showPrefixError || undefined}
              aria-describedby={ids.imagePrefixHelp}
              className="font-mono"
            />
            <p
              id={ids.imagePrefixHelp}
              className={showPrefixError ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
            >
              {showPrefixError
                ? t('connection.imagePrefixInvalid')
                : t('connection.imagePrefixHelp', { path: `${draft.imagePrefix}/task/{id}/fetch` })}
            </p>
          </div>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.apiKey}>{t('connection.apiKey')}</Label>
            <div className="flex gap-2">
              <Input
                id={ids.apiKey}
                type={showKey ? 'text' : 'password'}
                // Not a login password: keep password managers from offering to save it.
                autoComplete="off"
                spellCheck={false}
                value={apiKey}
                onChange={(e) => {
                  setApiKey(e.target.value);
                  test.reset();
                }}
                aria-describedby={ids.keyHelp}
                className="font-mono"
              />
              <Button
                variant="outline"
                size="icon"
                aria-pressed={showKey}
                aria-label={showKey ? t('connection.hideKey') : t('connection.showKey')}
                aria-controls={ids.apiKey}
                onClick={() => setShowKey((v) => !v)}
              >
                {showKey ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              </Button>
            </div>
            <p id={ids.keyHelp} className="text-sm text-muted-foreground">
              {saved.keySource === 'bootstrap' && draft.apiKey === saved.apiKey
                ? t('connection.keyFromBootstrap')
                : t('connection.apiKeyHelp')}
            </p>
          </div>

          <div className="flex items-start gap-3">
            <Checkbox
              id={ids.remember}
              checked={saved.remember}
              onCheckedChange={(checked) => rememberToggled(checked === true)}
              aria-describedby={`${ids.remember}-help`}
              className="mt-0.5"
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor={ids.remember}>{t('connection.remember')}</Label>
              <p id={`${ids.remember}-help`} className="text-sm text-muted-foreground">
                {t('connection.rememberHelp')}
              </p>
            </div>
          </div>

          <div aria-live="polite">
            {test.isPending ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner /> {t('test.running', { target })}
              </p>
            ) : test.data ? (
              <ConnectionTestResultView result={test.data} target={target} imagePrefix={draft.imagePrefix} />
            ) : null}
          </div>
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button type="submit" disabled={(!dirty && baseUrlValid && prefixValid) || blockedHere}>
            {t('connection.save')}
          </Button>
          <Button variant="outline" onClick={onTest} disabled={test.isPending}>
            {t('connection.test')}
          </Button>
          {dirty ? <span className="text-sm text-muted-foreground">{t('connection.unsaved')}</span> : null}
        </CardFooter>
      </form>
    </Card>
  );
}

/** Settings only (kept out of the first load): a path of plain segments (no query, no dot segments, no spaces or encoded characters). */
function isValidImagePrefix(value: string): boolean {
  const segments = value
    .trim()
    .replace(/^\/+|\/+$/g, '')
    .split('/');
  if (value.trim() === '') return true;
  return segments.every((s) => /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(s));
}
