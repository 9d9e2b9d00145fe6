import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useIssueText } from '@/components/form/issue-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { VIDEO_MODEL_IDS, VIDEO_RESOLUTIONS } from '@contract/models';
import { useTranslation } from '@/lib/i18n';
import type { ComposerDraft } from '@/lib/video-draft/draft';
import type { DraftIssue } from '@/lib/video-draft/validation';
import {
  MAX_VARIANTS,
  MIN_VARIANTS,
  startingValues,
  VARIED_PARAMS,
  type VariedParam,
  type Variations,
} from './variants';

interface VariationsCardProps {
  draft: ComposerDraft;
  variations: Variations | null;
  issues: DraftIssue[][];
  /** A submit was tried: every variant's problems show. */
  revealed: boolean;
  onChange: (next: Variations | null) => void;
}

export const VARIATIONS_HEADING_ID = 'composer-variations-heading';

/** Turns the composer into 2-4 tasks that differ in one parameter, each value typed in place. */
export function VariationsCard({ draft, variations, issues, revealed, onChange }: VariationsCardProps) {
  const { t } = useTranslation('composer');
  const issueText = useIssueText();
  // The variants left at least once (by index): a freshly added one is not red before it is used.
  const [left, setLeft] = useState<ReadonlySet<number>>(() => new Set());
  const leave = (index: number) => setLeft((s) => (s.has(index) ? s : new Set(s).add(index)));
  const setValue = (index: number, value: string) =>
    variations &&
    onChange({ ...variations, values: variations.values.map((v, i) => (i === index ? value : v)) });
  return (
    <Card>
      <CardContent standalone className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={VARIATIONS_HEADING_ID} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {t('variations.title')}
          </h2>
          <div className="flex items-center gap-2">
            <Checkbox
              id="composer-variations-on"
              checked={variations !== null}
              onCheckedChange={(on) =>
                onChange(on === true ? { param: 'prompt', values: startingValues(draft, 'prompt') } : null)
              }
            />
            <Label htmlFor="composer-variations-on">{t('variations.toggle')}</Label>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{t('variations.hint')}</p>
        {variations && (
          <>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="composer-variations-param">{t('variations.param')}</Label>
              <Select
                id="composer-variations-param"
                value={variations.param}
                onChange={(e) => {
                  const param = e.target.value as VariedParam;
                  setLeft(new Set());
                  onChange({ param, values: startingValues(draft, param) });
                }}
              >
                {VARIED_PARAMS.map((p) => (
                  <option key={p} value={p}>
                    {t(`variations.params.${p}`)}
                  </option>
                ))}
              </Select>
            </div>
            <ol className="flex flex-col gap-3">
              {variations.values.map((value, index) => {
                const id = `composer-variant-${index}`;
                const label = t('variations.valueLabel', {
                  n: index + 1,
                  param: t(`variations.params.${variations.param}`),
                });
                const problems = revealed || left.has(index) ? (issues[index] ?? []) : [];
                const Field = variations.param === 'prompt' ? Textarea : Input;
                return (
                  <li key={index} className="flex flex-col gap-1.5">
                    <div className="flex items-center justify-between gap-2">
                      <Label htmlFor={id}>{label}</Label>
                      {variations.values.length > MIN_VARIANTS && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={t('variations.remove', { n: index + 1 })}
                          onClick={() => {
                            // Those after it move up one place, and keep whether they were left.
                            setLeft(
                              (s) =>
                                new Set(
                                  [...s].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)),
                                ),
                            );
                            onChange({
                              ...variations,
                              values: variations.values.filter((_, i) => i !== index),
                            });
                          }}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      )}
                    </div>
                    {variations.param === 'model' || variations.param === 'resolution' ? (
                      <ChoiceSelect
                        id={id}
                        param={variations.param}
                        value={value}
                        invalid={problems.length > 0}
                        onChange={(v) => setValue(index, v)}
                        onBlur={() => leave(index)}
                      />
                    ) : (
                      <Field
                        id={id}
                        value={value}
                        aria-invalid={problems.length > 0 || undefined}
                        aria-describedby={problems.length > 0 ? `${id}-issues` : undefined}
                        onBlur={() => leave(index)}
                        onChange={(e: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) =>
                          setValue(index, e.target.value)
                        }
                      />
                    )}
                    {problems.length > 0 && (
                      <ul
                        id={`${id}-issues`}
                        className="text-sm text-destructive"
                        data-testid="variant-issues"
                      >
                        {problems.map((issue, i) => (
                          <li key={`${issue.code}-${i}`}>{issueText(issue)}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
            {variations.values.length < MAX_VARIANTS && (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => onChange({ ...variations, values: [...variations.values, ''] })}
              >
                <Plus aria-hidden="true" /> {t('variations.add')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ChoiceSelect(props: {
  id: string;
  param: 'model' | 'resolution';
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation('composer');
  const choices = props.param === 'model' ? MODEL_CHOICES : RESOLUTION_CHOICES;
  return (
    <Select
      id={props.id}
      value={props.value}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.invalid ? `${props.id}-issues` : undefined}
      onChange={(e) => props.onChange(e.target.value)}
      onBlur={props.onBlur}
    >
      {!choices.includes(props.value) && (
        <option value={props.value}>{props.value || t('variations.pick')}</option>
      )}
      {choices.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </Select>
  );
}

const MODEL_CHOICES: readonly string[] = VIDEO_MODEL_IDS;
const RESOLUTION_CHOICES: readonly string[] = VIDEO_RESOLUTIONS;
