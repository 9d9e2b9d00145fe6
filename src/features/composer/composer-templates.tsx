import { BookmarkPlus, FileInput } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  LazyInsertTemplateDialog,
  LazySaveTemplateDialog,
} from '@/components/templates/lazy-template-dialogs';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BillingBadge, RequestPreview } from '@/components/video-draft/request-preview';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import { requestToDraft, draftToRequest, type ComposerDraft } from '@/lib/video-draft/draft';
import { variablesIn } from '@/lib/templates/variables';
import type { DraftIssue } from '@/lib/video-draft/validation';
import { useComposerDraftStore } from './composer-draft-store';

/** `?template=<id>` (the palette, the templates page): open the insert form on that template. */
const TEMPLATE_PARAM = 'template';

/**
 * The prompt library in the composer: save the draft's request as a template, insert one (`/` in
 * an empty prompt, the palette, or the button) with its variables filled in a small form.
 */
export function useComposerTemplates(draft: ComposerDraft, varied = false) {
  const { t } = useTranslation('composer');
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<'save' | 'insert' | null>(null);
  const linked = params.get(TEMPLATE_PARAM) ?? undefined;
  const inserting = open === 'insert' || linked !== undefined;

  function close() {
    setOpen(null);
    if (linked !== undefined)
      setParams(
        (p) => {
          p.delete(TEMPLATE_PARAM);
          return p;
        },
        { replace: true },
      );
  }

  const buttons = (
    <>
      <Button variant="outline" onClick={() => setOpen('insert')}>
        <FileInput aria-hidden="true" /> {t('templates.insert')}
      </Button>
      <Button variant="outline" onClick={() => setOpen('save')}>
        <BookmarkPlus aria-hidden="true" /> {t('templates.save')}
      </Button>
    </>
  );

  const dialogs = (
    <Suspense fallback={null}>
      {open === 'save' && (
        <LazySaveTemplateDialog
          kind="video"
          request={draftToRequest(draft) as Record<string, unknown>}
          // The template is the form's one request: variants typed in the variations card are not in it.
          note={varied ? t('templates.variationsNotSaved') : undefined}
          onClose={close}
        />
      )}
      {inserting && (
        <LazyInsertTemplateDialog
          kind="video"
          initialId={linked}
          onClose={close}
          onInsert={(request, template) => {
            // The whole draft is replaced: what was typed before can come back, as after Clear.
            const { draft: previous, draftReplaced } = useComposerDraftStore.getState();
            draftReplaced(requestToDraft(request));
            close();
            notifyUndoable(t('templates.inserted', { name: template.name }), () =>
              useComposerDraftStore.getState().draftReplaced(previous),
            );
          }}
          preview={(request) => <FilledPreview request={request} />}
        />
      )}
    </Suspense>
  );

  /** `/` typed into an empty prompt opens the insert form instead of being typed. */
  const slashOpens = (prompt: string) => {
    if (draft.prompt === '' && prompt === '/') {
      setOpen('insert');
      return true;
    }
    return false;
  };

  return { buttons, dialogs, slashOpens };
}

/**
 * A `{{name}}` still in the prompt: a template inserted with a variable left without value or
 * default, sent as typed in a paid task. Only a warning, since a prompt is written this way on
 * purpose before it is saved as a template; the composer's own, as batches report theirs per row.
 */
export function unfilledVariablesIssue(prompt: string): DraftIssue[] {
  const names = variablesIn(prompt);
  if (names.length === 0) return [];
  return [
    {
      field: 'prompt',
      code: 'variableUnfilled',
      values: { names: names.map((n) => `{{${n}}}`).join(', '), count: names.length },
      severity: 'warning',
    },
  ];
}

/** The filled template as the composer will send it: through its draft, as the page's own preview. */
function FilledPreview({ request }: { request: Record<string, unknown> }) {
  const { t } = useTranslation('composer');
  const body = draftToRequest(requestToDraft(request));
  return (
    <Card>
      <CardHeader row className="space-y-0">
        <CardTitle>{t('preview.title')}</CardTitle>
        <BillingBadge body={body} />
      </CardHeader>
      <CardContent>
        <RequestPreview body={body} />
      </CardContent>
    </Card>
  );
}
