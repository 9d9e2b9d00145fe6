import { useEffect, useState } from 'react';
import { fetchFileBytes } from '@/api/result-files';

const BARS = 48;
const peaksCache = new Map<string, Promise<number[]>>();
let decoder: OfflineAudioContext | undefined;

/** Loudest sample of each of BARS slices, 0-1; decoded once per URL. */
function loadPeaks(url: string): Promise<number[]> {
  let peaks = peaksCache.get(url);
  if (!peaks) {
    peaks = (async () => {
      const bytes = await fetchFileBytes(url);
      // One OfflineAudioContext decodes for every tile: browsers cap live AudioContexts.
      decoder ??= new OfflineAudioContext(1, 1, 44_100);
      const buffer = await decoder.decodeAudioData(bytes);
      const data = buffer.getChannelData(0);
      const size = Math.max(1, Math.floor(data.length / BARS));
      const out: number[] = [];
      for (let b = 0; b < BARS; b += 1) {
        let max = 0;
        for (let i = b * size; i < Math.min(data.length, (b + 1) * size); i += 8)
          max = Math.max(max, Math.abs(data[i]!));
        out.push(max);
      }
      const top = Math.max(...out, 1e-6);
      return out.map((v) => v / top);
    })();
    peaks.catch(() => peaksCache.delete(url));
    peaksCache.set(url, peaks);
  }
  return peaks;
}

/** The waveform of an audio result (SVG bars), with the player under it. */
export function AudioWaveform({ url, label, onError }: { url: string; label: string; onError: () => void }) {
  const [peaks, setPeaks] = useState<number[] | undefined>();
  useEffect(() => {
    let live = true;
    loadPeaks(url).then(
      (p) => live && setPeaks(p),
      () => live && onError(),
    );
    return () => {
      live = false;
    };
  }, [url, onError]);
  return (
    <div className="flex size-full flex-col justify-center gap-1 bg-muted p-2">
      <svg
        viewBox={`0 0 ${BARS * 4} 40`}
        preserveAspectRatio="none"
        className="h-2/3 w-full text-primary"
        role="img"
        aria-label={label}
        data-testid="waveform"
        data-ready={peaks ? 'true' : 'false'}
      >
        {(peaks ?? Array<number>(BARS).fill(0.05)).map((p, i) => {
          const h = Math.max(1, p * 38);
          return (
            <rect
              key={i}
              x={i * 4}
              y={20 - h / 2}
              width={3}
              height={h}
              fill="currentColor"
              opacity={peaks ? 1 : 0.3}
            />
          );
        })}
      </svg>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio src={url} controls preload="none" className="h-8 w-full" aria-label={label} onError={onError} />
    </div>
  );
}
