import { FileInput } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LazyInsertTemplateDialog } from '@/components/templates/lazy-template-dialogs';
import { Button } from '@/components/ui/button';
import { JsonView } from '@/components/ui/json-view';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import {
  bodyToDigitalHumanDraft,
  bodyToMusicDraft,
  digitalHumanToBody,
  isPublicResourceId,
  musicToBody,
  type DigitalHumanDraft,
} from './draft';
import { useTaskFormsStore } from './task-forms-store';

/** `?template=<id>` (the templates page's Use): open the insert form on that template. */
const TEMPLATE_PARAM = 'template';

type FormTemplateKind = 'digital-human' | 'music';

/**
 * A template's filled request as the form will send it: read into the form's draft and built back,
 * as an edited task is, so the preview is the form's own and not the template's raw JSON. What a
 * digital-human request does not carry (the group, the authorization) stays as the form has it.
 */
export function filledBody(kind: FormTemplateKind, request: Record<string, unknown>): unknown {
  if (kind === 'music') return musicToBody(bodyToMusicDraft(request));
  const draft = bodyToDigitalHumanDraft(request, useTaskFormsStore.getState().digitalHuman);
  return digitalHumanBody(draft);
}

/** A public avatar id goes as the id itself, as the form sends it (digital-human-form.tsx). */
function digitalHumanBody(draft: DigitalHumanDraft) {
  const built = digitalHumanToBody(draft);
  return isPublicResourceId(draft.avatarAssetId) && 'avatar_asset_id' in built
    ? { ...built, avatar_asset_id: draft.avatarAssetId.trim() }
    : built;
}

/** Replaces the form's draft with the template's; returns what puts the draft typed before back. */
function insert(kind: FormTemplateKind, request: Record<string, unknown>): () => void {
  const store = useTaskFormsStore.getState();
  if (kind === 'music') {
    const previous = store.music;
    store.musicReplaced(bodyToMusicDraft(request));
    return () => useTaskFormsStore.getState().musicReplaced(previous);
  }
  const previous = store.digitalHuman;
  store.digitalHumanReplaced(bodyToDigitalHumanDraft(request, previous));
  return () => useTaskFormsStore.getState().digitalHumanReplaced(previous);
}

/**
 * Insert a template into the digital-human or music form: the composer's picker, variables form and
 * live preview (issue 45, section 1), the preview being this form's request body.
 */
export function InsertTemplateButton({ kind }: { kind: FormTemplateKind }) {
  const { t } = useTranslation('task-forms');
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const linked = params.get(TEMPLATE_PARAM) ?? undefined;

  function close() {
    setOpen(false);
    if (linked !== undefined)
      setParams(
        (p) => {
          p.delete(TEMPLATE_PARAM);
          return p;
        },
        { replace: true },
      );
  }

  return (
    <>
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        <FileInput aria-hidden="true" /> {t('templates.insert')}
      </Button>
      <Suspense fallback={null}>
        {(open || linked !== undefined) && (
          <LazyInsertTemplateDialog
            kind={kind}
            initialId={linked}
            onClose={close}
            onInsert={(request, template) => {
              // The whole draft is replaced: what was typed before can come back, as in the composer.
              const undo = insert(kind, request);
              close();
              notifyUndoable(t('templates.inserted', { name: template.name }), undo);
            }}
            preview={(request) => (
              <JsonView value={filledBody(kind, request)} label={t('submit.preview')} wrap />
            )}
          />
        )}
      </Suspense>
    </>
  );
}
