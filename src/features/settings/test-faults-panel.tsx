import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  clearDirectives,
  directivesText,
  faultIsOn,
  localDoubleQueries,
  NO_FAULT,
  putDirectives,
  type DoubleState,
  type FaultChoice,
} from '@/api/local-double';
import { ErrorAlert } from '@/components/error-alert';
import { Field } from '@/components/form/field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';

const KINDS = ['429', '402', '503', 'non-json', 'none'] as const;
const ASSET_OUTCOMES = [
  'none',
  'failed',
  'prep-failed',
  'review-failed',
  'review-unknown',
  'disabled',
] as const;
const METHODS = ['', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** The key's switch in words: one line per part that is on. */
function useDescribe() {
  const { t } = useTranslation('settings');
  return (state: DoubleState): string[] => {
    const d = state.directives;
    const lines: string[] = [];
    if (typeof d.fault === 'string') {
      const scope = [
        typeof d.method === 'string' ? d.method : t('faults.anyMethod'),
        typeof d.path === 'string' ? d.path : t('faults.anyPath'),
      ].join(' ');
      lines.push(
        t('faults.onFault', {
          fault: t(`faults.kind.${d.fault}`, {
            seconds: typeof d.retryAfter === 'number' ? d.retryAfter : 1,
          }),
          scope,
          times:
            typeof d.times === 'number'
              ? t('faults.timesLeft', { count: d.times })
              : t('faults.untilCleared'),
        }),
      );
    }
    if (d.taskFail) lines.push(t('faults.onTask'));
    if (typeof d.asset === 'string')
      lines.push(t('faults.onAsset', { outcome: t(`faults.asset.${d.asset}`) }));
    return lines;
  };
}

/**
 * Settings' "Test faults" (issue 44 §5): the local server's per-key switch (PUT /v1/local/double,
 * decision 290) as a form, so faults are switched on where the integration is tested, not by curl.
 */
export function TestFaultsPanel() {
  const { t } = useTranslation('settings');
  const id = useId();
  const queryClient = useQueryClient();
  const state = useQuery(localDoubleQueries.state());
  const [choice, setChoice] = useState<FaultChoice>(NO_FAULT);
  const set = (change: Partial<FaultChoice>) => setChoice((c) => ({ ...c, ...change }));
  const onChanged = (next: DoubleState) => {
    queryClient.setQueryData(localDoubleQueries.state().queryKey, next);
    void queryClient.invalidateQueries({ queryKey: localDoubleQueries.all() });
  };
  const apply = useMutation({ mutationFn: putDirectives, onSuccess: onChanged });
  const clear = useMutation({ mutationFn: clearDirectives, onSuccess: onChanged });
  const describe = useDescribe();
  const text = directivesText(choice);
  const on = faultIsOn(state.data);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (text) apply.mutate(text);
  }

  return (
    <Card id="test-faults">
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`}>{t('faults.title')}</CardTitle>
          <CardDescription>{t('faults.description')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <section aria-labelledby={`${id}-now`} aria-live="polite" className="rounded-md border p-3 text-sm">
            <h3 id={`${id}-now`} className="font-medium">
              {t('faults.now')}
            </h3>
            {on && state.data ? (
              <ul className="mt-1 list-disc pl-5">
                {describe(state.data).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-muted-foreground">
                {state.isPending ? t('faults.loading') : t('faults.none')}
              </p>
            )}
          </section>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-kind`} label={t('faults.fault')} className="sm:col-span-2">
              {(props) => (
                <Select
                  {...props}
                  value={choice.kind}
                  onChange={(e) => set({ kind: e.target.value as FaultChoice['kind'] })}
                >
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`faults.kindOption.${k}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {choice.kind === '429' && (
              <Field id={`${id}-retry`} label={t('faults.retryAfter')}>
                {(props) => (
                  <Input
                    {...props}
                    inputMode="numeric"
                    value={choice.retryAfter}
                    onChange={(e) => set({ retryAfter: e.target.value })}
                  />
                )}
              </Field>
            )}
            <Field id={`${id}-path`} label={t('faults.path')} hint={t('faults.pathHint')}>
              {(props) => (
                <Input
                  {...props}
                  className="font-mono"
                  placeholder="/v1/videos"
                  spellCheck={false}
                  value={choice.path}
                  onChange={(e) => set({ path: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-method`} label={t('faults.method')}>
              {(props) => (
                <Select
                  {...props}
                  value={choice.method}
                  onChange={(e) => set({ method: e.target.value as FaultChoice['method'] })}
                >
                  {METHODS.map((m) => (
                    <option key={m} value={m}>
                      {m || t('faults.anyMethod')}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={`${id}-times`} label={t('faults.times')} hint={t('faults.timesHint')}>
              {(props) => (
                <Input
                  {...props}
                  inputMode="numeric"
                  value={choice.times}
                  onChange={(e) => set({ times: e.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-task`} label={t('faults.taskOutcome')}>
              {(props) => (
                <Select
                  {...props}
                  value={choice.taskOutcome}
                  onChange={(e) => set({ taskOutcome: e.target.value as FaultChoice['taskOutcome'] })}
                >
                  <option value="none">{t('faults.taskOption.none')}</option>
                  <option value="failed">{t('faults.taskOption.failed')}</option>
                </Select>
              )}
            </Field>
            <Field id={`${id}-asset`} label={t('faults.assetOutcome')}>
              {(props) => (
                <Select
                  {...props}
                  value={choice.assetOutcome}
                  onChange={(e) => set({ assetOutcome: e.target.value as FaultChoice['assetOutcome'] })}
                >
                  {ASSET_OUTCOMES.map((o) => (
                    <option key={o} value={o}>
                      {o === 'none' ? t('faults.taskOption.none') : t(`faults.asset.${o}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          {(apply.error ?? clear.error) ? (
            <ErrorAlert error={apply.error ?? clear.error} title={t('faults.failed')} />
          ) : null}
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button type="submit" disabled={!text || apply.isPending}>
            {t('faults.apply')}
          </Button>
          <Button variant="outline" onClick={() => clear.mutate()} disabled={!on || clear.isPending}>
            {t('faults.clear')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
