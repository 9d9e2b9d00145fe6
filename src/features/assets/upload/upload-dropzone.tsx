import { UploadCloud } from 'lucide-react';
import { useCallback, useEffect, useId } from 'react';
import { VIDEO_MODEL_IDS } from '@contract/models';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useFilesToUpload } from '@/lib/files-to-upload';
import { useTranslation } from '@/lib/i18n';
import { useLazyDropzone } from '../lazy-dropzone';
import { usePreferredModelStore } from '../preferred-model';
import { UploadTray, useAddFiles } from './upload-tray-host';

/**
 * Drop or pick many files at once; each uploads into the selected group with its own progress,
 * cancel and retry (upload-queue.ts). The type of each asset comes from the file's MIME type.
 */
export function UploadDropzone({ group }: { group: string }) {
  const { t } = useTranslation('assets');
  const addFiles = useAddFiles();
  const modelId = useId();
  const model = usePreferredModelStore((s) => s.model);
  const modelChosen = usePreferredModelStore((s) => s.modelChosen);
  const hintId = useId();
  const chooseId = useId();
  // The drop area is a drop target, not a control: the picker opens from a real button inside it,
  // so that no interactive element nests in another and its name is the text a person sees.
  const onDrop = useCallback(
    (files: File[]) => {
      if (files.length > 0) addFiles(files, { group, model });
    },
    [addFiles, group, model],
  );
  // react-dropzone loads once the page has painted its data (lazy-dropzone.tsx); until then the
  // browser's own drop and file picker take the files: "Choose files" works from the first paint.
  const [dropzone, dropzoneNode] = useLazyDropzone({
    multiple: true,
    noClick: true,
    noKeyboard: true,
    // The page around it is a drop target too (library-drop-target.tsx): one drop, one upload.
    noDragEventsBubbling: true,
    onDrop,
  });
  const isDragActive = dropzone.isDragActive;
  const areaClass = cn(
    // A phone has nothing to drop: there the zone is little more than its button.
    'relative flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center text-sm max-sm:px-3 max-sm:py-3',
    isDragActive ? 'border-primary bg-primary/5' : 'border-muted-foreground/30',
  );
  // Files picked from the command palette ("Upload files") go into this group's queue.
  const pending = useFilesToUpload((s) => s.files.length);
  useEffect(() => {
    if (!pending) return;
    const files = useFilesToUpload.getState().filesTaken();
    if (files.length > 0) addFiles(files, { group, model });
  }, [pending, addFiles, group, model]);
  return (
    <section className="space-y-3" aria-label={t('upload.label')}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={modelId}>{t('upload.model')}</Label>
          <Select
            id={modelId}
            value={model}
            onChange={(e) => modelChosen(e.target.value)}
            aria-describedby={hintId}
            className="min-w-48"
          >
            <option value="">{t('register.noModel')}</option>
            {VIDEO_MODEL_IDS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          {model ? t('upload.modelMeaning', { model }) : t('upload.noModelMeaning')}
        </p>
      </div>
      {dropzoneNode}
      <div {...dropzone.getRootProps({ className: areaClass })}>
        {/* Reached through "Choose files" and drops: hidden from assistive technology so the page
            does not name two upload controls. */}
        <input
          // Out of the flow: react-dropzone draws it as a 0 px block, which is still a flex item
          // and added a gap of 8 px once it came, moving everything below after the paint (and
          // a restored scroll position with it, by scroll anchoring).
          {...dropzone.getInputProps({
            'aria-label': t('upload.input'),
            'aria-hidden': true,
            className: 'absolute',
          })}
          data-testid="asset-upload-input"
        />
        <UploadCloud aria-hidden className="size-8 text-muted-foreground max-sm:hidden" />
        <p className="font-medium max-sm:hidden">{isDragActive ? t('upload.dropNow') : t('upload.prompt')}</p>
        <Button type="button" variant="outline" size="sm" onClick={dropzone.open} id={chooseId}>
          {t('upload.choose')}
        </Button>
        <p className="text-xs text-muted-foreground max-sm:hidden">{t('upload.hint')}</p>
      </div>
      <UploadTray onEmptied={() => document.getElementById(chooseId)?.focus()} />
    </section>
  );
}
