import { ImageOff, RotateCw } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { AudioWaveform } from './audio-waveform';

/** A result URL that does not load: the URL itself (so it can be checked) and a retry. */
export function BrokenResult({ url, onRetry }: { url: string; onRetry: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <div
      role="group"
      aria-label={t('gallery.brokenLabel')}
      className="flex h-full flex-col items-center justify-center gap-1 bg-muted p-2 text-center text-xs"
    >
      <ImageOff aria-hidden="true" className="size-5 text-muted-foreground" />
      <p>{t('gallery.broken')}</p>
      <code className="line-clamp-2 max-w-full break-all font-mono text-[11px] text-muted-foreground">
        {url}
      </code>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('gallery.retry')}
      </Button>
    </div>
  );
}

/** Retries remount the element: the browser asks for the URL again. */
function useRetry(): [number, boolean, () => void, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [broken, setBroken] = useState(false);
  const fail = useCallback(() => setBroken(true), []);
  const retry = useCallback(() => {
    setBroken(false);
    setAttempt((a) => a + 1);
  }, []);
  return [attempt, broken, fail, retry];
}

/**
 * A video result as a poster (its first frame) that plays muted while `playing` (hover or focus of
 * the tile), back at the start when it stops.
 */
export function VideoPreview({ url, label, playing }: { url: string; label: string; playing: boolean }) {
  const [attempt, broken, fail, retry] = useRetry();
  const ref = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // play() rejects when a pause comes first (the pointer left at once): nothing to report.
    if (playing) void video.play().catch(() => undefined);
    else if (!video.paused || video.currentTime > 0) {
      video.pause();
      video.currentTime = 0;
    }
  }, [playing, attempt, broken]);
  if (broken) return <BrokenResult url={url} onRetry={retry} />;
  return (
    // Results come without caption tracks; the preview is muted.
    <video
      key={attempt}
      ref={ref}
      src={url}
      muted
      loop
      playsInline
      preload="metadata"
      aria-label={label}
      data-playing={playing ? 'true' : 'false'}
      onError={fail}
      className="size-full bg-black object-cover"
    />
  );
}

/** An image result (image and resource tasks), covering the tile; a broken URL gets the placeholder. */
export function ImagePreview({ url, label }: { url: string; label: string }) {
  const [attempt, broken, fail, retry] = useRetry();
  if (broken) return <BrokenResult url={url} onRetry={retry} />;
  return (
    <img
      key={attempt}
      src={url}
      alt={label}
      loading="lazy"
      decoding="async"
      onError={fail}
      className="size-full bg-muted object-cover"
    />
  );
}

/** An audio result as its waveform; a broken URL gets the placeholder. */
export function AudioPreview({ url, label }: { url: string; label: string }) {
  const [attempt, broken, fail, retry] = useRetry();
  if (broken) return <BrokenResult url={url} onRetry={retry} />;
  return <AudioWaveform key={attempt} url={url} label={label} onError={fail} />;
}

export function TileFrame({ children }: { children: ReactNode }) {
  return <div className="relative aspect-video w-full overflow-hidden rounded-md bg-muted">{children}</div>;
}
