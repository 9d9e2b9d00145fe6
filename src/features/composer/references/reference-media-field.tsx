import { Library } from 'lucide-react';
import type { ReactNode } from 'react';
import { parseAssetReference } from '@contract/asset';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import type { ReferenceDraft } from '@/lib/video-draft/draft';
import { FieldMessage, feedbackIsError } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';
import { canPrepareAfterRefusal, PrepareForModel } from './prepare-for-model';

/** A reference's media: a URL or `Asset://` id typed in, or an asset picked from the library. */
export function ReferenceMediaField({
  reference,
  id,
  label,
  pickLabel,
  feedback,
  onChange,
  onPick,
  onPickIntent,
  model,
}: {
  reference: ReferenceDraft;
  /** The draft's model: a refused asset of unknown readiness can be prepared for it. */
  model: string;
  id: string;
  label: ReactNode;
  pickLabel: string;
  feedback?: FieldFeedback;
  onChange: (change: Partial<Omit<ReferenceDraft, 'key'>>) => void;
  onPick: () => void;
  /** The pointer or focus reached the pick button: the picker's code can start loading. */
  onPickIntent: () => void;
}) {
  const { t } = useTranslation('composer');
  const assetId = parseAssetReference(reference.url);
  const picked = reference.asset && assetId === reference.asset.id ? reference.asset : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5 @lg:col-span-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={reference.url}
          placeholder={t('references.urlPlaceholder')}
          onChange={(e) => {
            const url = e.target.value;
            // A typed URL that no longer names the picked asset forgets it.
            const keep = reference.asset && parseAssetReference(url) === reference.asset.id;
            onChange(keep ? { url } : { url, asset: undefined });
          }}
          aria-invalid={feedbackIsError(feedback) || undefined}
          aria-describedby={feedback || picked ? `${id}-message ${id}-asset` : undefined}
          className="font-mono text-xs"
          spellCheck={false}
        />
        <Button
          variant="outline"
          onClick={onPick}
          onMouseEnter={onPickIntent}
          onFocus={onPickIntent}
          aria-label={pickLabel}
        >
          <Library aria-hidden="true" />
          <span className="hidden lg:inline">{t('references.pick')}</span>
        </Button>
      </div>
      {picked && (
        <p id={`${id}-asset`} className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate font-medium text-foreground">{picked.name || picked.id}</span>
          {picked.type && (
            <Badge variant="muted">{t(`mediaType.${picked.type}`, { defaultValue: picked.type })}</Badge>
          )}
          <Badge variant="outline" className="font-mono">
            {!picked.model
              ? t('picker.modelUnknownBadge')
              : picked.modelSource === 'browser'
                ? t('picker.modelHereBadge', { model: picked.model })
                : picked.model}
          </Badge>
        </p>
      )}
      <FieldMessage id={`${id}-message`} feedback={feedback} />
      {feedback?.serverMessage && canPrepareAfterRefusal(picked, model) && (
        <PrepareForModel asset={picked} reference={reference} model={model} onChange={onChange} />
      )}
    </div>
  );
}
