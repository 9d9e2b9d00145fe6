import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Overlay, shownPair, type OverlayProps } from './compare-overlay';

/** A wipe between two: a slider reveals the second result over the first. */
export function WipeMode(props: OverlayProps) {
  const { t } = useTranslation('tasks');
  const [wipe, setWipe] = useState(50);
  const [a, b] = shownPair(props.pair, props.columns.length);
  return (
    <Overlay
      {...props}
      mode="wipe"
      secondStyle={{ clipPath: `inset(0 0 0 ${wipe}%)` }}
      over={
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow"
          style={{ left: `${wipe}%` }}
        />
      }
      below={
        <div className="flex items-center gap-2 text-sm">
          <span className="max-w-[40%] truncate">{props.columns[a]!.heading}</span>
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={wipe}
            onChange={(e) => setWipe(Number(e.target.value))}
            aria-label={t('compare.wipe')}
            aria-valuetext={`${wipe} %`}
            className="min-w-0 flex-1 accent-primary"
          />
          <span className="max-w-[40%] truncate text-right">{props.columns[b]!.heading}</span>
        </div>
      }
    />
  );
}
