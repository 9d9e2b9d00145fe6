import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { normalizeBaseUrl, normalizeImagePrefix, useConnectionStore } from '@/api/connection-store';
import { testConnection } from '@/api/system';
import { Field } from '@/components/form/field';
import { FormNamespace } from '@/components/form/issue-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { fieldElementId } from '@/lib/form/focus';
import { hasErrors } from '@/lib/form/issues';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { connectionIssues } from '@/features/settings/connection-issues';
import { ConnectionTestResultView } from '@/features/settings/connection-test-result';
import { isOtherOrigin, usePageServer } from '@/features/settings/page-server';
import { UnsavedChangesGuard } from '@/features/settings/unsaved-changes-guard';

/**
 * Base URL and API key. The form edits a draft (form state); Save writes the connection store, which
 * resets the query cache. "Remember on this device" applies at once to the saved key, so unticking
 * it removes the key from localStorage immediately. Its checks are the form kit's: a field's
 * problem shows once the field is left, every problem after Save or Test, the first one focused.
 */
export function ConnectionForm() {
  const { t } = useTranslation('settings');
  const formId = `connection-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const ids = {
    title: `${formId}-title`,
    baseUrl: fieldElementId(formId, 'baseUrl'),
    imagePrefix: fieldElementId(formId, 'imagePrefix'),
    apiKey: fieldElementId(formId, 'apiKey'),
    remember: fieldElementId(formId, 'remember'),
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

  const issues = connectionIssues({ baseUrl, imagePrefix });
  const form = useFormFeedback({
    issues,
    showWhen: () => 'left',
    elementId: (field) => fieldElementId(formId, field),
  });
  const baseUrlValid = !issues.some((i) => i.field === 'baseUrl');
  const prefixValid = !issues.some((i) => i.field === 'imagePrefix');
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

  function save() {
    if (blockedHere) return;
    setImagePrefix(draft.imagePrefix);
    connectionSaved({ ...draft, remember: saved.remember });
    notifySuccess(t('saved'));
  }

  const edited = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    test.reset();
  };

  return (
    // As tall as its fields: stretched to the column beside it, it ended in a blank third of a card.
    <Card className="self-start">
      <UnsavedChangesGuard dirty={dirty} />
      <FormNamespace.Provider value="settings">
        <form id={formId} {...form.formProps(save)} aria-labelledby={ids.title}>
          <CardHeader>
            <CardTitle id={ids.title}>{t('connection.title')}</CardTitle>
            <CardDescription>{t('connection.description')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Field
                id={ids.baseUrl}
                label={t('connection.baseUrl')}
                feedback={form.feedback('baseUrl')}
                hint={t('connection.baseUrlHelp')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    spellCheck={false}
                    placeholder={window.location.origin}
                    value={baseUrl}
                    onChange={edited(setBaseUrl)}
                  />
                )}
              </Field>
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

            <Field
              id={ids.imagePrefix}
              label={t('connection.imagePrefix')}
              feedback={form.feedback('imagePrefix')}
              hint={t('connection.imagePrefixHelp', { path: `${draft.imagePrefix}/task/{id}/fetch` })}
            >
              {(control) => (
                <Input
                  {...control}
                  spellCheck={false}
                  autoComplete="off"
                  placeholder="/mj"
                  value={imagePrefix}
                  onChange={edited(setImagePrefix)}
                  className="font-mono"
                />
              )}
            </Field>

            <Field
              id={ids.apiKey}
              label={t('connection.apiKey')}
              hint={
                saved.keySource === 'bootstrap' && draft.apiKey === saved.apiKey
                  ? t('connection.keyFromBootstrap')
                  : t('connection.apiKeyHelp')
              }
            >
              {(control) => (
                <div className="flex gap-2">
                  <Input
                    {...control}
                    type={showKey ? 'text' : 'password'}
                    // Not a login password: keep password managers from offering to save it.
                    autoComplete="off"
                    spellCheck={false}
                    value={apiKey}
                    onChange={edited(setApiKey)}
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
              )}
            </Field>

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
                <ConnectionTestResultView
                  result={test.data}
                  target={target}
                  imagePrefix={draft.imagePrefix}
                />
              ) : null}
            </div>
          </CardContent>
          <CardFooter className="flex-wrap">
            <Button type="submit" disabled={(!dirty && !hasErrors(issues)) || blockedHere}>
              {t('connection.save')}
            </Button>
            <Button
              variant="outline"
              onClick={() => form.attempt(() => test.mutate(draft))}
              disabled={test.isPending}
            >
              {t('connection.test')}
            </Button>
            {dirty ? <span className="text-sm text-muted-foreground">{t('connection.unsaved')}</span> : null}
          </CardFooter>
        </form>
      </FormNamespace.Provider>
    </Card>
  );
}
