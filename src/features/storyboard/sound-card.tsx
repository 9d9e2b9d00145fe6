import { Library, Music, Trash2 } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { ASSEMBLY_LIMITS, SHOT_AUDIO, type ShotAudio } from '@contract/storyboard-assembly-limits';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import { ComposeMusic } from './compose-music';
import type { Storyboard } from './storyboard';
import { DEFAULT_SOUND, overlongLines, type BoardSound, type MusicTrack } from './sound';

// The library's audio list comes when first opened, as the composer's picker does.
const AudioPickerDialog = lazyWithPreload(() => import('./audio-picker').then((m) => m.AudioPickerDialog));

type Edit = (change: (b: Storyboard) => Storyboard) => void;

const withSound = (b: Storyboard, change: Partial<BoardSound>): Storyboard => ({
  ...b,
  sound: { ...DEFAULT_SOUND, ...b.sound, ...change },
});

const newTrack = (url: string, name?: string): MusicTrack => ({
  url,
  ...(name ? { name } : {}),
  volume: 0.6,
  fadeOut: 2,
  shotAudio: 'duck',
});

/**
 * Sound and captions over the whole cut: one music or voice track from the library (its volume,
 * fade-out, and what happens to the shots' own audio under it), and whether the captions are
 * burned into the picture or only given as a WebVTT file beside it.
 */
export function SoundCard({ board, edit }: { board: Storyboard; edit: Edit }) {
  const { t } = useTranslation('storyboard');
  const id = useId();
  const [picking, setPicking] = useState(false);
  const sound = board.sound ?? DEFAULT_SOUND;
  const music = sound.music;
  const setMusic = (change: Partial<MusicTrack>) =>
    edit((b) => (b.sound?.music ? withSound(b, { music: { ...b.sound.music, ...change } }) : b));
  const overlong = overlongLines(board);
  const lines = board.shots.filter((s) => s.sound?.narration?.trim() || s.sound?.caption?.trim()).length;

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('sound.title')}
      </h2>
      <div className="flex flex-col gap-2" role="group" aria-label={t('sound.music')}>
        <h3 className="text-sm font-semibold">{t('sound.music')}</h3>
        {music ? (
          <div className="flex flex-col gap-2 rounded-md border p-2">
            <div className="flex items-center gap-2 text-sm">
              <Music aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate" data-testid="storyboard-music">
                {music.name || music.url}
              </span>
              <Button
                type="button"
                size="icon-sm"
                variant="ghost-destructive"
                aria-label={t('sound.removeMusic')}
                onClick={() => edit((b) => withSound(b, { music: undefined }))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            {/* A music track has no words to caption. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              src={music.url}
              controls
              preload="none"
              className="h-8 w-full"
              aria-label={t('sound.music')}
            />
            <div className="grid grid-cols-2 gap-2">
              <NumberField
                id={`${id}-volume`}
                label={t('sound.volume')}
                value={music.volume}
                min={0}
                max={ASSEMBLY_LIMITS.maxVolume}
                step={0.1}
                onChange={(volume) => setMusic({ volume })}
              />
              <NumberField
                id={`${id}-fade`}
                label={t('sound.fadeOut')}
                value={music.fadeOut}
                min={0}
                max={ASSEMBLY_LIMITS.maxFadeOutSec}
                step={0.5}
                onChange={(fadeOut) => setMusic({ fadeOut })}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-shot-audio`}>{t('sound.shotAudio')}</Label>
              <Select
                id={`${id}-shot-audio`}
                value={music.shotAudio}
                onChange={(e) => setMusic({ shotAudio: e.target.value as ShotAudio })}
              >
                {SHOT_AUDIO.map((v) => (
                  <option key={v} value={v}>
                    {t(`sound.shotAudioChoice.${v}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('sound.noMusic')}</p>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => setPicking(true)}
          onPointerEnter={AudioPickerDialog.preload}
          onFocus={AudioPickerDialog.preload}
        >
          <Library aria-hidden="true" /> {music ? t('sound.replaceMusic') : t('sound.pickMusic')}
        </Button>
        <ComposeMusic board={board} edit={edit} />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-burn`}
          checked={sound.burnCaptions}
          // Nothing to burn: the server makes no WebVTT either. Left open once ticked, to untick.
          disabled={lines === 0 && !sound.burnCaptions}
          onCheckedChange={(v) => edit((b) => withSound(b, { burnCaptions: v === true }))}
          aria-describedby={`${id}-burn-hint`}
        />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor={`${id}-burn`}>{t('sound.burn')}</Label>
          <p id={`${id}-burn-hint`} className="text-xs text-muted-foreground">
            {lines === 0 ? t('sound.burnHintNone') : t('sound.burnHint', { count: lines })}
          </p>
        </div>
      </div>
      {overlong.length > 0 && (
        <div role="status" className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
          <ul>
            {overlong.map((o) => (
              <li key={o.index}>
                {t('sound.overlong', { n: o.index + 1, spoken: o.spoken.toFixed(1), shot: o.shot })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {picking && (
        <Suspense fallback={<DialogFallback label={t('sound.pickTitle')} />}>
          <AudioPickerDialog
            onClose={() => setPicking(false)}
            onPick={(asset, url) =>
              edit((b) => {
                // The settings of the track it replaces stay; not the task a composed one came from.
                const { taskId: _composedBy, ...kept } = b.sound?.music ?? newTrack(url);
                // A track picked while one is composed is the person's choice: the task is no longer followed here.
                return withSound(b, {
                  music: { ...kept, url, name: asset.name || asset.id },
                  composing: undefined,
                });
              })
            }
          />
        </Suspense>
      )}
    </section>
  );
}

function NumberField({
  id,
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (n: number) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => {
          const n = Number(e.target.value);
          // Kept within what the endpoint takes: a value outside would only be refused there.
          if (e.target.value !== '' && Number.isFinite(n)) onChange(Math.min(max, Math.max(min, n)));
        }}
      />
    </div>
  );
}
