import { Film, ImagePlus, Images } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { AssetPickerDialog } from '@/components/library-picker/lazy-asset-picker';
import { useTranslation } from '@/lib/i18n';
import { pickedAssetFields } from '@/components/library-picker/picked-asset';
import { useComposerDraftStore } from '../composer-draft-store';
import type { ComposerRole, ReferenceDraft } from '@/lib/video-draft/draft';
import type { FieldFeedback } from '@/lib/form/issues';
import { ReferenceRow } from './reference-row';
import type { FieldKey } from '@/lib/video-draft/validation';

const ADD_BUTTONS: { role: ComposerRole; icon: typeof Film }[] = [
  { role: 'first_frame', icon: ImagePlus },
  { role: 'reference_image', icon: Images },
  { role: 'reference_video', icon: Film },
];

/** The input mode the references amount to, as the specification names them. */
export function inputModes(references: readonly ReferenceDraft[]): string[] {
  const roles = new Set(references.map((r) => r.role));
  const modes = (['first_frame', 'reference_image', 'reference_video'] as const).filter((r) => roles.has(r));
  return modes.length === 0 ? ['text_only'] : modes;
}

export function ReferencesEditor({
  fieldId,
  feedback,
}: {
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
}) {
  const { t } = useTranslation('composer');
  const references = useComposerDraftStore((s) => s.draft.references);
  const model = useComposerDraftStore((s) => s.draft.model);
  const referenceAdded = useComposerDraftStore((s) => s.referenceAdded);
  const referenceChanged = useComposerDraftStore((s) => s.referenceChanged);
  const referenceRoleChanged = useComposerDraftStore((s) => s.referenceRoleChanged);
  const referenceRemoved = useComposerDraftStore((s) => s.referenceRemoved);
  const [picking, setPicking] = useState<string | null>(null);
  const pickingRow = references.find((r) => r.key === picking);
  const hasFirstFrame = references.some((r) => r.role === 'first_frame');

  function add(role: ComposerRole) {
    const key = referenceAdded(role);
    // Move focus into the new row, so keyboard users land where they can fill it in.
    requestAnimationFrame(() => document.getElementById(fieldId(`ref:${key}:url`))?.focus());
  }

  return (
    <section aria-labelledby="composer-references-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="composer-references-heading" className="text-base font-semibold">
          {t('references.title')}
        </h2>
        <p className="text-xs text-muted-foreground" data-testid="input-mode">
          {t('references.mode', {
            modes: inputModes(references)
              .map((m) => t(`modes.${m}`))
              .join(' + '),
          })}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">{t('references.description')}</p>
      {references.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label={t('references.listLabel')}>
          {references.map((ref, index) => (
            <ReferenceRow
              key={ref.key}
              reference={ref}
              index={index}
              fieldId={fieldId}
              feedback={feedback}
              onChange={(change) => referenceChanged(ref.key, change)}
              onRoleChange={(role) => referenceRoleChanged(ref.key, role)}
              onRemove={() => referenceRemoved(ref.key)}
              onPick={() => setPicking(ref.key)}
              onPickIntent={AssetPickerDialog.preload}
              model={model}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        {ADD_BUTTONS.map(({ role, icon: Icon }) => (
          <Button
            key={role}
            variant="outline"
            size="sm"
            onClick={() => add(role)}
            disabled={role === 'first_frame' && hasFirstFrame}
            title={role === 'first_frame' && hasFirstFrame ? t('references.oneFirstFrame') : undefined}
          >
            <Icon aria-hidden="true" /> {t(`references.add.${role}`)}
          </Button>
        ))}
      </div>
      {pickingRow && (
        <Suspense fallback={<DialogFallback label={t('picker.loading')} />}>
          <AssetPickerDialog
            open
            onOpenChange={(open) => !open && setPicking(null)}
            referenceRole={pickingRow.role}
            model={model}
            onPick={(asset) => {
              referenceChanged(pickingRow.key, pickedAssetFields(asset));
              requestAnimationFrame(() =>
                document.getElementById(fieldId(`ref:${pickingRow.key}:alias`))?.focus(),
              );
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
