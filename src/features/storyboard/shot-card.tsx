import { ArrowDown, ArrowUp, Copy, GripVertical, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { estimateVideoTokens } from '@contract/usage';
import { Checkbox } from '@/components/ui/checkbox';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PromptField } from '@/components/video-draft/prompt/prompt-field';
import { BillingBadge, RequestPreview } from '@/components/video-draft/request-preview';
import { ModelPicker, VideoSettings } from '@/components/video-draft/settings/video-settings';
import { fieldElementId } from '@/lib/form/focus';
import { useTranslation } from '@/lib/i18n';
import { applyModel, type ComposerDraft } from '@/lib/video-draft/draft';
import type { FieldFeedback } from '@/lib/form/issues';
import type { FieldKey } from '@/lib/video-draft/validation';
import { Select } from '@/components/ui/select';
import { CAMERA_MOVES, type CameraMove } from './camera';
import { FrameChoice } from './frame-choice';
import { ReferenceRows } from './reference-rows';
import { ShotSoundFields } from './shot-sound';
import { shotBody, type Shot, type Storyboard } from './storyboard';
import { ShotStatus } from './shot-status';
import { ShotIconButton } from './shot-icon-button';
import { ShotTemplateButtons } from './shot-templates';

export const shotFieldId = (shotId: string) => (field: string) =>
  fieldElementId(`storyboard-${shotId}`, field);

export interface ShotActions {
  draftChanged: (change: Partial<ComposerDraft>) => void;
  continueChanged: (on: boolean) => void;
  moved: (to: number) => void;
  duplicated: () => void;
  removed: () => void;
  rerun: () => void;
  frameChosen: (file: File) => void;
  useKept: () => void;
  pickTake: (taskId: string) => void;
  /** The shot's own fields beside its draft: camera move, chosen frame, sound. */
  shotChanged: (change: Partial<Pick<Shot, 'camera' | 'frameAt' | 'sound'>>) => void;
}

/** One shot: a composer draft (model, prompt, references, settings), its request and its run. */
export function ShotCard({
  board,
  index,
  feedback,
  actions,
  dragging,
  onDragStart,
  onDropAt,
}: {
  board: Storyboard;
  index: number;
  /** What each field shows (the editor's form kit: useBoardFeedback). */
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  actions: ShotActions;
  dragging: boolean;
  onDragStart: () => void;
  onDropAt: () => void;
}) {
  const { t } = useTranslation('storyboard');
  const shot: Shot = board.shots[index]!;
  const fieldId = useMemo(() => shotFieldId(shot.id), [shot.id]);
  const body = useMemo(() => shotBody(board, index), [board, index]);
  const tokens = estimateVideoTokens(body);
  const [notice, setNotice] = useState<string | null>(null);
  const aliases = [...board.cast, ...shot.draft.references].map((r) => r.alias.trim()).filter(Boolean);
  const shotCount = board.shots.length;
  const title = t('shot.title', { n: index + 1 });
  const headingId = `${fieldId('heading')}`;

  return (
    <li
      aria-labelledby={headingId}
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        onDropAt();
      }}
      className={dragging ? 'opacity-50' : undefined}
    >
      <Card>
        <CardContent standalone className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <button
                type="button"
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', shot.id);
                  onDragStart();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                    e.preventDefault();
                    actions.moved(index + (e.key === 'ArrowUp' ? -1 : 1));
                  }
                }}
                aria-label={t('shot.reorder', { n: index + 1, total: shotCount })}
                aria-describedby="storyboard-reorder-hint"
                className="cursor-grab rounded-md p-1 text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <GripVertical aria-hidden="true" className="size-4" />
              </button>
              <h2 id={headingId} className="text-base font-semibold">
                {title}
              </h2>
            </div>
            <div className="flex flex-wrap items-center gap-1">
              <ShotIconButton
                icon={ArrowUp}
                label={t('shot.moveUp', { n: index + 1 })}
                disabled={index === 0}
                onClick={() => actions.moved(index - 1)}
              />
              <ShotIconButton
                icon={ArrowDown}
                label={t('shot.moveDown', { n: index + 1 })}
                disabled={index === shotCount - 1}
                onClick={() => actions.moved(index + 1)}
              />
              <ShotIconButton
                icon={Copy}
                label={t('shot.duplicate', { n: index + 1 })}
                onClick={actions.duplicated}
              />
              <ShotTemplateButtons board={board} index={index} onInsert={actions.draftChanged} />
              <ShotIconButton
                icon={Trash2}
                label={t('shot.remove', { n: index + 1 })}
                destructive
                disabled={shotCount === 1}
                onClick={actions.removed}
              />
            </div>
          </div>

          <ShotStatus
            board={board}
            index={index}
            onRerun={actions.rerun}
            onFrameChosen={actions.frameChosen}
            onUseKept={actions.useKept}
            onPickTake={actions.pickTake}
          />

          {index > 0 && (
            <div className="flex items-start gap-2">
              <Checkbox
                id={fieldId('continue')}
                checked={shot.continueFromPrevious}
                onCheckedChange={(v) => actions.continueChanged(v === true)}
                aria-describedby={`${fieldId('continue')}-hint`}
              />
              <div className="flex flex-col gap-0.5">
                <Label htmlFor={fieldId('continue')}>{t('shot.continue', { n: index })}</Label>
                <p id={`${fieldId('continue')}-hint`} className="text-xs text-muted-foreground">
                  {t('shot.continueHint')}
                </p>
              </div>
            </div>
          )}
          {index > 0 && (
            <FrameChoice
              board={board}
              index={index}
              fieldId={fieldId}
              onChange={(frameAt) => actions.shotChanged({ frameAt })}
            />
          )}

          <ModelPicker
            draft={shot.draft}
            fieldId={fieldId}
            feedback={feedback}
            onModel={(model) => {
              const { draft, resolutionFixed } = applyModel(shot.draft, model);
              actions.draftChanged(draft);
              setNotice(resolutionFixed ? t('shot.resolutionFixed', { model, ...resolutionFixed }) : null);
            }}
          />
          {notice && (
            <p
              role="status"
              className="-mt-3 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
            >
              {notice}
            </p>
          )}
          <PromptField
            id={fieldId('prompt')}
            value={shot.draft.prompt}
            aliases={aliases}
            feedback={feedback('prompt')}
            onChange={(prompt) => actions.draftChanged({ prompt })}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={fieldId('camera')}>{t('camera.label')}</Label>
            <Select
              id={fieldId('camera')}
              value={shot.camera ?? 'none'}
              className="max-w-xs"
              aria-describedby={`${fieldId('camera')}-hint`}
              onChange={(e) => actions.shotChanged({ camera: e.target.value as CameraMove })}
            >
              {CAMERA_MOVES.map((m) => (
                <option key={m} value={m}>
                  {t(`camera.${m}`)}
                </option>
              ))}
            </Select>
            <p id={`${fieldId('camera')}-hint`} className="text-xs text-muted-foreground">
              {t('camera.hint')}
            </p>
          </div>
          <ReferenceRows
            title={t('shot.ownReferences')}
            hint={t('shot.ownReferencesHint')}
            references={shot.draft.references}
            fieldId={fieldId}
            feedback={feedback}
            model={shot.draft.model}
            onChange={(references) => actions.draftChanged({ references })}
          />
          <VideoSettings
            draft={shot.draft}
            fieldId={fieldId}
            feedback={feedback}
            onChange={actions.draftChanged}
          />
          <ShotSoundFields
            board={board}
            index={index}
            fieldId={fieldId}
            onChange={(change) => actions.shotChanged({ sound: { ...shot.sound, ...change } })}
            onFit={(seconds) => actions.draftChanged({ duration: String(seconds) })}
          />
          <details className="rounded-md border p-3">
            <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 text-sm font-medium">
              <span>{t('shot.request')}</span>
              <span className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
                <BillingBadge body={body} />
                {tokens === undefined ? t('estimate.unknown') : t('estimate.tokens', { count: tokens })}
              </span>
            </summary>
            <div className="mt-3">
              <RequestPreview body={body} />
            </div>
          </details>
        </CardContent>
      </Card>
    </li>
  );
}
