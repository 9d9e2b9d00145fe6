import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useTranslation } from '@/lib/i18n';
import type { Storyboard } from './storyboard';

/**
 * Where a continuing shot starts: the previous take's last frame (the default), or a frame the
 * person scrubs to. The chosen second is sent to the frame taker (`at`); the take shows it.
 */
export function FrameChoice({
  board,
  index,
  fieldId,
  onChange,
}: {
  board: Storyboard;
  index: number;
  fieldId: (field: string) => string;
  onChange: (frameAt: number | undefined) => void;
}) {
  const { t } = useTranslation('storyboard');
  const shot = board.shots[index]!;
  const source = board.shots[index - 1]?.run.resultUrl;
  const video = useRef<HTMLVideoElement>(null);
  const [length, setLength] = useState<number | null>(null);
  const [scrubbing, setScrubbing] = useState(shot.frameAt !== undefined);
  const at = shot.frameAt;
  useEffect(() => {
    if (video.current && at !== undefined && Math.abs(video.current.currentTime - at) > 0.01)
      video.current.currentTime = at;
  }, [at, length]);
  if (!shot.continueFromPrevious) return null;
  return (
    <div className="flex flex-col gap-2 pl-6 text-sm">
      <p data-testid={`frame-choice-${index + 1}`}>
        {at === undefined
          ? t('frame.last', { n: index })
          : t('frame.at', { n: index, seconds: at.toFixed(2) })}
      </p>
      {source && !scrubbing && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          onClick={() => setScrubbing(true)}
        >
          {t('frame.choose', { n: index })}
        </Button>
      )}
      {source && scrubbing && (
        <div className="flex flex-col gap-2">
          <video
            ref={video}
            src={source}
            muted
            playsInline
            preload="metadata"
            className="aspect-video w-full max-w-sm rounded-md bg-black"
            aria-label={t('frame.preview', { n: index })}
            onLoadedMetadata={(e) => setLength(e.currentTarget.duration)}
          />
          <Label htmlFor={fieldId('frame-at')}>{t('frame.scrub', { n: index })}</Label>
          <input
            id={fieldId('frame-at')}
            type="range"
            min={0}
            max={length ?? 15}
            step={0.04}
            value={at ?? length ?? 0}
            onChange={(e) => onChange(Number(e.target.value))}
            className="w-full max-w-sm accent-primary"
          />
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="self-start"
            onClick={() => {
              onChange(undefined);
              setScrubbing(false);
            }}
          >
            {t('frame.useLast')}
          </Button>
        </div>
      )}
    </div>
  );
}
