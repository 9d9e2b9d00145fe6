import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { CreateVideo } from '@contract/video';
import { useTranslation } from '@/lib/i18n';
import { RequestPreview } from '@/components/video-draft/request-preview';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { requestCostInput } from '@/lib/money/task-cost';

/** The request preview of a batch: one tab per variant, each with its body and its own estimate. */
export function VariantPreviews({
  bodies,
  each,
  invalid,
}: {
  bodies: CreateVideo[];
  each: (number | undefined)[];
  invalid: boolean[];
}) {
  const { t, i18n } = useTranslation('composer');
  return (
    <Tabs defaultValue="0" data-testid="variant-previews">
      <TabsList aria-label={t('variations.previews')} className="h-auto flex-wrap">
        {bodies.map((_, i) => (
          <TabsTrigger key={i} value={String(i)} className={invalid[i] ? 'text-destructive' : undefined}>
            {t('variations.variant', { n: i + 1 })}
            {invalid[i] && <span className="sr-only"> ({t('variations.invalid')})</span>}
          </TabsTrigger>
        ))}
      </TabsList>
      {bodies.map((body, i) => (
        <TabsContent key={i} value={String(i)} className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">
            {t('estimate.label')}:{' '}
            <span className="font-medium tabular-nums text-foreground">
              {each[i] === undefined
                ? t('estimate.unknown')
                : t('estimate.tokens', { tokens: each[i].toLocaleString(i18n.language) })}
            </span>
          </p>
          <MoneyEstimate
            className="text-sm"
            testId="variant-money-estimate"
            inputs={[requestCostInput({ kind: 'video', model: body.model, body })]}
          />
          <RequestPreview body={body} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
