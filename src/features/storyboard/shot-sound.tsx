import { Mic, TimerReset } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { notifyError } from '@/lib/notify';
import { useTranslation } from '@/lib/i18n';
import type { Storyboard } from './storyboard';
import { speakLine } from './narration';
import {
  ASSEMBLY_CAPTION_CHARS,
  currentSpeech,
  DEFAULT_VOICE,
  fittedDuration,
  shotSeconds,
  VOICES,
  type ShotSound,
} from './sound';

/**
 * A shot's narration line (spoken by the speech endpoint with a chosen voice, placed at the shot's
 * start) and its caption (typed, or the line itself). As soon as the spoken length is known, the
 * shot says when the line is longer than the shot, and can be made as long as its line.
 */
export function ShotSoundFields({
  board,
  index,
  fieldId,
  onChange,
  onFit,
}: {
  board: Storyboard;
  index: number;
  fieldId: (field: string) => string;
  onChange: (change: Partial<ShotSound>) => void;
  onFit: (seconds: number) => void;
}) {
  const { t } = useTranslation('storyboard');
  const client = useQueryClient();
  const [speaking, setSpeaking] = useState(false);
  const shot = board.shots[index]!;
  const sound = shot.sound ?? {};
  const speech = currentSpeech(shot);
  const seconds = shotSeconds(shot);
  const overlong = speech && seconds !== undefined && speech.seconds > seconds + 0.05;
  const line = sound.narration?.trim() ?? '';

  async function speak() {
    setSpeaking(true);
    try {
      onChange({ speech: await speakLine(client, board, index) });
    } catch (error) {
      notifyError(error, t('sound.speakFailed', { n: index + 1 }));
    } finally {
      setSpeaking(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-semibold">{t('sound.shotTitle')}</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId('narration')}>{t('sound.narration')}</Label>
        <Textarea
          id={fieldId('narration')}
          value={sound.narration ?? ''}
          rows={2}
          maxLength={1000}
          placeholder={t('sound.narrationPlaceholder')}
          onChange={(e) => onChange({ narration: e.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fieldId('voice')}>{t('sound.voice')}</Label>
          <Select
            id={fieldId('voice')}
            value={sound.voice ?? DEFAULT_VOICE}
            className="w-36"
            onChange={(e) => onChange({ voice: e.target.value })}
          >
            {VOICES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={!line || speaking || Boolean(speech)}
          onClick={() => void speak()}
        >
          <Mic aria-hidden="true" />{' '}
          {speaking
            ? t('sound.speaking')
            : sound.speech
              ? t('sound.speakAgain', { n: index + 1 })
              : t('sound.speak', { n: index + 1 })}
        </Button>
      </div>
      {sound.speech && !speech && line && (
        <p className="text-xs text-muted-foreground">{t('sound.speechOutdated')}</p>
      )}
      {speech && (
        <div className="flex flex-col gap-1">
          {/* The spoken line is shown as text right above it. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
          <audio
            src={speech.url}
            controls
            preload="none"
            className="h-8 w-full"
            aria-label={t('sound.spoken', { n: index + 1 })}
          />
          <p className="text-xs text-muted-foreground" data-testid={`spoken-length-${index + 1}`}>
            {t('sound.spokenLength', { seconds: speech.seconds.toFixed(1) })}
          </p>
        </div>
      )}
      {overlong && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
        >
          <span className="flex-1">
            {t('sound.overlong', { n: index + 1, spoken: speech.seconds.toFixed(1), shot: seconds })}
          </span>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => onFit(fittedDuration(speech.seconds))}
          >
            <TimerReset aria-hidden="true" /> {t('sound.fit', { seconds: fittedDuration(speech.seconds) })}
          </Button>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId('caption')}>{t('sound.caption')}</Label>
        <Input
          id={fieldId('caption')}
          value={sound.caption ?? ''}
          maxLength={ASSEMBLY_CAPTION_CHARS}
          placeholder={line ? t('sound.captionFromLine') : t('sound.captionPlaceholder')}
          onChange={(e) => onChange({ caption: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
