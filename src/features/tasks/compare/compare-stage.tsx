import { Pause, Play, RotateCcw, SkipBack, SkipForward, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { COMPARE_MODES, type CompareColumn, type CompareMode } from './compare-column';
import type { StageControls } from './compare-media';
import { SideBySideMode, SweepMode } from './compare-tiles';
import { DifferenceMode } from './difference-mode';
import { useSyncedMedia } from './use-synced-media';
import { WipeMode } from './wipe-mode';
import { MAX_SCALE, NO_ZOOM, type View } from './zoomable';

function clock(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(2).padStart(5, '0')}`;
}

/**
 * The compared results in one of four modes (one component each), on one clock and one zoom: side
 * by side; a wipe between two; their difference; a sweep grid laid out by the varied value. The
 * pair the two overlay modes show is kept here, so switching between them keeps it. The transport
 * sticks to the bottom of the window, so Play is in view whatever the tiles' height.
 */
export function CompareStage({
  columns,
  mode,
  onMode,
}: {
  columns: CompareColumn[];
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
}) {
  const { t } = useTranslation('tasks');
  const sync = useSyncedMedia();
  const [muted, setMuted] = useState<Record<string, boolean>>({});
  const [view, setView] = useState<View>(NO_ZOOM);
  const [pair, setPair] = useState<[number, number]>([0, 1]);
  const isMuted = (id: string, i: number) => muted[id] ?? i > 0;
  const controls: StageControls = {
    sync,
    isMuted,
    toggleMute: (id, i) => setMuted((m) => ({ ...m, [id]: !isMuted(id, i) })),
    view,
    onView: setView,
  };

  const zoomBy = (factor: number) =>
    setView((v) => {
      const scale = Math.min(MAX_SCALE, Math.max(1, v.scale * factor));
      return scale === 1 ? NO_ZOOM : { scale, x: v.x, y: v.y };
    });

  const overlay = { columns, controls, pair, onPair: setPair };
  const stage = {
    side: <SideBySideMode columns={columns} controls={controls} />,
    sweep: <SweepMode columns={columns} controls={controls} />,
    wipe: <WipeMode {...overlay} />,
    difference: <DifferenceMode {...overlay} />,
  }[mode];

  return (
    <section aria-label={t('compare.player')} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div role="radiogroup" aria-label={t('compare.mode')} className="flex flex-wrap gap-1">
          {COMPARE_MODES.map((m) => (
            <Button
              key={m}
              role="radio"
              aria-checked={mode === m}
              variant={mode === m ? 'secondary' : 'ghost'}
              size="sm"
              onClick={() => onMode(m)}
            >
              {t(`compare.modes.${m}`)}
            </Button>
          ))}
        </div>
        <div role="group" aria-label={t('compare.zoom')} className="ml-auto flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('compare.zoomOut')}
            onClick={() => zoomBy(1 / 1.5)}
            disabled={view.scale <= 1}
          >
            <ZoomOut aria-hidden />
          </Button>
          <span className="w-12 text-center font-mono text-xs tabular-nums">
            {Math.round(view.scale * 100)} %
          </span>
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('compare.zoomIn')}
            onClick={() => zoomBy(1.5)}
            disabled={view.scale >= MAX_SCALE}
          >
            <ZoomIn aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('compare.zoomReset')}
            onClick={() => setView(NO_ZOOM)}
          >
            <RotateCcw aria-hidden />
          </Button>
        </div>
      </div>
      {stage}
      <div
        role="group"
        aria-label={t('compare.controls')}
        className="sticky bottom-0 z-20 -mx-4 flex items-center gap-2 border-t bg-background/95 px-4 py-2 backdrop-blur lg:-mx-8 lg:px-8"
      >
        <Button
          variant="outline"
          size="icon"
          aria-label={t('compare.frameBack')}
          onClick={() => sync.step(-1)}
        >
          <SkipBack aria-hidden />
        </Button>
        <Button
          size="icon"
          aria-label={sync.playing ? t('compare.pause') : t('compare.play')}
          onClick={sync.playing ? sync.pause : sync.play}
        >
          {sync.playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('compare.frameForward')}
          onClick={() => sync.step(1)}
        >
          <SkipForward aria-hidden />
        </Button>
        <input
          type="range"
          min={0}
          max={sync.duration || 0}
          step={0.01}
          value={Math.min(sync.time, sync.duration || 0)}
          onChange={(e) => sync.seek(Number(e.target.value))}
          aria-label={t('compare.position')}
          aria-valuetext={clock(sync.time)}
          className="min-w-0 flex-1 accent-primary"
        />
        {/* On a phone the length gives way, never the time: the place in the clip is what is read. */}
        <span
          className="shrink-0 font-mono text-xs tabular-nums text-muted-foreground"
          data-testid="compare-time"
        >
          {clock(sync.time)}
          <span className="max-sm:hidden"> / {clock(sync.duration)}</span>
        </span>
      </div>
    </section>
  );
}
