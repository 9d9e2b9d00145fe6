import { BookmarkPlus, FileInput } from 'lucide-react';
import { Suspense, useState } from 'react';
import {
  LazyInsertTemplateDialog,
  LazySaveTemplateDialog,
} from '@/components/templates/lazy-template-dialogs';
import { JsonView } from '@/components/ui/json-view';
import { useTranslation } from '@/lib/i18n';
import { requestToDraft, type ComposerDraft } from '@/lib/video-draft/draft';
import { ShotIconButton } from './shot-icon-button';
import { shotBody, type Storyboard } from './storyboard';

/** The stand-in a continuing shot's first frame has until the frame is taken (storyboard.ts). */
const FRAME_STAND_IN = /^Asset:\/\/last-frame-of-shot-\d+$/;

/**
 * A shot template's request as a shot's own draft. A shot's request carries the board's cast and,
 * when it continues, its predecessor's frame: those come from the board the template is inserted
 * into, so they are left out rather than sent twice.
 */
export function shotDraftFromRequest(board: Storyboard, request: Record<string, unknown>): ComposerDraft {
  const draft = requestToDraft(request);
  const cast = new Set(board.cast.map((r) => `${r.role}\u0000${r.url}\u0000${r.alias}`));
  return {
    ...draft,
    references: draft.references.filter(
      (r) => !cast.has(`${r.role}\u0000${r.url}\u0000${r.alias}`) && !FRAME_STAND_IN.test(r.url),
    ),
  };
}

/** Save the shot's request as a template, or insert one into the shot (issue 45, section 1). */
export function ShotTemplateButtons({
  board,
  index,
  onInsert,
}: {
  board: Storyboard;
  index: number;
  onInsert: (draft: ComposerDraft) => void;
}) {
  const { t } = useTranslation('storyboard');
  const [open, setOpen] = useState<'save' | 'insert' | null>(null);
  const close = () => setOpen(null);
  /** The shot's request once the template is in: what the preview shows and Run would send. */
  const inserted = (request: Record<string, unknown>) =>
    shotBody(
      {
        ...board,
        shots: board.shots.map((s, i) =>
          i === index ? { ...s, draft: shotDraftFromRequest(board, request) } : s,
        ),
      },
      index,
    );
  return (
    <>
      <ShotIconButton
        icon={FileInput}
        label={t('shot.insertTemplate', { n: index + 1 })}
        onClick={() => setOpen('insert')}
      />
      <ShotIconButton
        icon={BookmarkPlus}
        label={t('shot.saveTemplate', { n: index + 1 })}
        onClick={() => setOpen('save')}
      />
      <Suspense fallback={null}>
        {open === 'save' && (
          <LazySaveTemplateDialog
            kind="storyboard-shot"
            request={shotBody(board, index) as unknown as Record<string, unknown>}
            onClose={close}
          />
        )}
        {open === 'insert' && (
          <LazyInsertTemplateDialog
            kind="storyboard-shot"
            onClose={close}
            onInsert={(request) => {
              onInsert(shotDraftFromRequest(board, request));
              close();
            }}
            preview={(request) => (
              <JsonView value={inserted(request)} label={t('shot.insertPreview', { n: index + 1 })} wrap />
            )}
          />
        )}
      </Suspense>
    </>
  );
}
