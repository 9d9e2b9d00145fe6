import { Sparkles, SplitSquareVertical, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { CAMERA_MOVES, type CameraMove } from './camera';
import { splitScript, storyboardFromShots, type DraftedShot } from './script';
import { draftShotsWithChat } from './script-chat';
import type { Storyboard } from './storyboard';

/**
 * Start from a script: paste it, cut it into shots (one per paragraph or scene heading, or drafted
 * by the chat model), edit them, then create the storyboard. Nothing runs from here.
 */
export function ScriptDialog({
  onCreate,
  onClose,
}: {
  onCreate: (board: Storyboard) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('storyboard');
  const id = useId();
  const [name, setName] = useState('');
  const [script, setScript] = useState('');
  const [shots, setShots] = useState<DraftedShot[] | null>(null);
  const [drafting, setDrafting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const change = (i: number, patch: Partial<DraftedShot>) =>
    setShots((list) => list && list.map((s, k) => (k === i ? { ...s, ...patch } : s)));

  async function draft() {
    setDrafting(true);
    setError(null);
    try {
      const drafted = await draftShotsWithChat(script);
      if (drafted.length === 0) throw new Error(t('script.noneDrafted'));
      setShots(drafted);
    } catch (err) {
      setError(err);
    } finally {
      setDrafting(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="3xl" layout="column">
        <DialogHeader>
          <DialogTitle>{t('script.title')}</DialogTitle>
          <DialogDescription>{t('script.description')}</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-0.5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>{t('name')}</Label>
            <Input id={`${id}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-script`}>{t('script.label')}</Label>
            <Textarea
              id={`${id}-script`}
              rows={6}
              value={script}
              maxLength={20_000}
              placeholder={t('script.placeholder')}
              onChange={(e) => setScript(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!script.trim()}
              onClick={() => setShots(splitScript(script))}
            >
              <SplitSquareVertical aria-hidden="true" /> {t('script.split')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!script.trim() || drafting}
              onClick={() => void draft()}
            >
              <Sparkles aria-hidden="true" /> {drafting ? t('script.drafting') : t('script.draft')}
            </Button>
          </div>
          {error !== null && (
            <ErrorAlert
              error={error}
              title={t('script.draftFailed')}
              onDismiss={() => setError(null)}
              dismissLabel={t('dismiss')}
            />
          )}
          {shots && (
            <ol className="flex flex-col gap-3" aria-label={t('script.shots', { count: shots.length })}>
              {shots.map((s, i) => (
                <li
                  key={i}
                  aria-label={t('script.shot', { n: i + 1 })}
                  className="grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_8rem_10rem_auto]"
                >
                  <div className="flex flex-col gap-1.5 sm:col-span-4">
                    <Label htmlFor={`${id}-${i}-prompt`}>{t('script.prompt', { n: i + 1 })}</Label>
                    <Textarea
                      id={`${id}-${i}-prompt`}
                      rows={2}
                      value={s.prompt}
                      onChange={(e) => change(i, { prompt: e.target.value })}
                    />
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={`${id}-${i}-line`}>{t('script.narration', { n: i + 1 })}</Label>
                    <Input
                      id={`${id}-${i}-line`}
                      value={s.narration}
                      onChange={(e) => change(i, { narration: e.target.value })}
                    />
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={`${id}-${i}-duration`}>{t('script.duration', { n: i + 1 })}</Label>
                    <Input
                      id={`${id}-${i}-duration`}
                      type="number"
                      min={4}
                      max={15}
                      value={s.duration}
                      onChange={(e) => change(i, { duration: Number(e.target.value) })}
                    />
                  </div>
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={`${id}-${i}-camera`}>{t('script.camera', { n: i + 1 })}</Label>
                    <Select
                      id={`${id}-${i}-camera`}
                      value={s.camera}
                      onChange={(e) => change(i, { camera: e.target.value as CameraMove })}
                    >
                      {CAMERA_MOVES.map((m) => (
                        <option key={m} value={m}>
                          {t(`camera.${m}`)}
                        </option>
                      ))}
                    </Select>
                  </div>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost-destructive"
                    className="self-end"
                    aria-label={t('script.remove', { n: i + 1 })}
                    onClick={() => setShots((list) => list && list.filter((_, k) => k !== i))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button
            type="button"
            disabled={!shots || shots.length === 0}
            onClick={() => shots && onCreate(storyboardFromShots(name.trim() || t('untitled'), shots))}
          >
            {t('script.create', { count: shots?.length ?? 0 })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
