import { Library, Plus, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { FieldMessage, controlProps } from '@/components/form/field';
import { AssetPickerDialog } from '@/components/library-picker/lazy-asset-picker';
import { pickedAssetFields } from '@/components/library-picker/picked-asset';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { FieldFeedback } from '@/lib/form/issues';
import { useTranslation } from '@/lib/i18n';
import { newReference, type ReferenceDraft } from '@/lib/video-draft/draft';
import { refField, type FieldKey } from '@/lib/video-draft/validation';

/**
 * Reference rows by URL (`https://…`, `/files/…` or `Asset://<id>`) or picked from the library (the
 * composer's picker, for `model`), with their alias: the cast's, and a shot's own. Image rows are
 * reference images, video rows reference videos; the first frame of a continuing shot is added by
 * the run, never typed here.
 */
export function ReferenceRows({
  title,
  hint,
  references,
  fieldId,
  feedback,
  model,
  onChange,
}: {
  title: string;
  /** The model the picked asset must be ready for (the cast: the first shot's). */
  model: string;
  hint: string;
  references: ReferenceDraft[];
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  onChange: (references: ReferenceDraft[]) => void;
}) {
  const { t } = useTranslation('storyboard');
  const [picking, setPicking] = useState<string | null>(null);
  const pickingRow = references.find((r) => r.key === picking);
  const change = (key: string, patch: Partial<ReferenceDraft>) =>
    onChange(references.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold">{title}</h3>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onChange([...references, newReference('reference_image', references)])}
          >
            <Plus aria-hidden="true" /> {t('references.addImage')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onChange([...references, newReference('reference_video', references)])}
          >
            <Plus aria-hidden="true" /> {t('references.addVideo')}
          </Button>
        </div>
      </div>
      {references.length > 0 && (
        <ul className="flex flex-col gap-3">
          {references.map((ref, i) => {
            const aliasId = fieldId(refField(ref.key, 'alias'));
            const urlId = fieldId(refField(ref.key, 'url'));
            const aliasFb = feedback(refField(ref.key, 'alias'));
            const urlFb = feedback(refField(ref.key, 'url')) ?? feedback(refField(ref.key, 'role'));
            const kind = ref.mediaType === 'video' ? 'video' : 'image';
            return (
              <li
                key={ref.key}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[8rem_10rem_minmax(0,1fr)_auto_auto]"
              >
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${ref.key}-kind`}>{t('references.kind')}</Label>
                  <Select
                    id={`${ref.key}-kind`}
                    value={kind}
                    onChange={(e) => {
                      const video = e.target.value === 'video';
                      change(ref.key, {
                        mediaType: video ? 'video' : 'image',
                        role: video ? 'reference_video' : 'reference_image',
                      });
                    }}
                  >
                    <option value="image">{t('references.image')}</option>
                    <option value="video">{t('references.video')}</option>
                  </Select>
                </div>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={aliasId}>{t('references.alias', { n: i + 1 })}</Label>
                  <Input
                    {...controlProps(aliasId, aliasFb, false)}
                    value={ref.alias}
                    placeholder="hero"
                    onChange={(e) => change(ref.key, { alias: e.target.value })}
                  />
                  <FieldMessage id={`${aliasId}-message`} feedback={aliasFb} />
                </div>
                <div className="flex min-w-0 flex-col gap-1.5">
                  <Label htmlFor={urlId}>{t('references.url', { n: i + 1 })}</Label>
                  <Input
                    {...controlProps(urlId, urlFb, false)}
                    value={ref.url}
                    placeholder="https://… · Asset://asset_…"
                    onChange={(e) => change(ref.key, { url: e.target.value })}
                  />
                  <FieldMessage id={`${urlId}-message`} feedback={urlFb} />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  className="self-end"
                  onClick={() => setPicking(ref.key)}
                  onPointerEnter={AssetPickerDialog.preload}
                  onFocus={AssetPickerDialog.preload}
                  aria-label={t('references.pickLabel', { n: i + 1 })}
                >
                  <Library aria-hidden="true" /> {t('references.pick')}
                </Button>
                <Button
                  type="button"
                  variant="ghost-destructive"
                  size="icon"
                  className="self-end"
                  aria-label={t('references.remove', { n: i + 1 })}
                  onClick={() => onChange(references.filter((r) => r.key !== ref.key))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {pickingRow && (
        <Suspense fallback={<DialogFallback label={t('references.pickLoading')} />}>
          <AssetPickerDialog
            open
            onOpenChange={(open) => !open && setPicking(null)}
            referenceRole={pickingRow.role}
            model={model}
            onPick={(asset) => change(pickingRow.key, pickedAssetFields(asset))}
          />
        </Suspense>
      )}
    </section>
  );
}
