import type { ShotProbe } from './shot-probe';

export type Join = 'cut' | 'crossfade';

/** A crossfade's length; never more than half of either side, so no shot disappears into a fade. */
export const CROSSFADE_SEC = 0.5;

export interface AssemblyPlan {
  /** The `-filter_complex` value, ending in `[v]` and `[a]`. */
  graph: string;
  width: number;
  height: number;
  fps: number;
  /** Seconds of the joined file (crossfades overlap their two sides). */
  duration: number;
  /** Indexes of the shots whose size or frame rate differ from the first's, hence scaled. */
  scaled: number[];
  /** Where each shot begins in the joined file, in seconds (a crossfaded shot: where its fade begins). */
  starts: number[];
}

const round = (n: number) => Number(n.toFixed(3));

/**
 * One filter graph that gives every shot the first shot's size (scaled to fit, padded, square
 * pixels) and frame rate, one stereo 48 kHz audio track (silence where a shot has none, cut or
 * padded to the shot's video length), and joins them in order, each join a cut (concat) or a short
 * crossfade (a blend of the overlap + acrossfade).
 */
export function assemblyPlan(shots: readonly ShotProbe[], joins: readonly Join[]): AssemblyPlan {
  const first = shots[0]!;
  const width = first.width - (first.width % 2);
  const height = first.height - (first.height % 2);
  const fps = round(first.fps);
  const parts: string[] = [];
  const scaled: number[] = [];
  shots.forEach((s, i) => {
    if (i > 0 && (s.width !== first.width || s.height !== first.height || Math.abs(s.fps - first.fps) > 0.01))
      scaled.push(i);
    const d = round(s.duration);
    parts.push(
      `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p,` +
        `trim=duration=${d},setpts=PTS-STARTPTS[v${i}]`,
    );
    parts.push(
      s.hasAudio
        ? `[${i}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,apad,atrim=duration=${d},asetpts=PTS-STARTPTS[a${i}]`
        : `anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=duration=${d}[a${i}]`,
    );
  });
  let v = 'v0';
  let a = 'a0';
  let total = shots[0]!.duration;
  const starts = [0];
  for (let i = 1; i < shots.length; i++) {
    const d = shots[i]!.duration;
    const nv = i === shots.length - 1 ? 'v' : `jv${i}`;
    const na = i === shots.length - 1 ? 'a' : `ja${i}`;
    const fade = Math.min(CROSSFADE_SEC, d / 2, total / 2);
    if (joins[i - 1] === 'crossfade' && fade > 0.04) {
      const f = round(fade);
      // xfade is missing from older ffmpeg builds (the bundled one among them): the overlap is
      // blended by hand, the earlier shot's tail fading into the later shot's head.
      const cut = round(total - f);
      starts.push(cut);
      parts.push(
        `[${v}]split[p${i}][q${i}]`,
        `[p${i}]trim=duration=${cut},setpts=PTS-STARTPTS[pb${i}]`,
        `[q${i}]trim=start=${cut},setpts=PTS-STARTPTS[pt${i}]`,
        `[v${i}]split[r${i}][s${i}]`,
        `[r${i}]trim=duration=${f},setpts=PTS-STARTPTS[nh${i}]`,
        `[s${i}]trim=start=${f},setpts=PTS-STARTPTS[nr${i}]`,
        `[pt${i}][nh${i}]blend=all_expr='A*(1-min(1,T/${f}))+B*min(1,T/${f})'[x${i}]`,
        `[pb${i}][x${i}][nr${i}]concat=n=3:v=1:a=0[${nv}]`,
      );
      parts.push(`[${a}][a${i}]acrossfade=d=${f}[${na}]`);
      total += d - f;
    } else {
      starts.push(round(total));
      parts.push(`[${v}][${a}][v${i}][a${i}]concat=n=2:v=1:a=1[${nv}][${na}]`);
      total += d;
    }
    v = nv;
    a = na;
  }
  if (shots.length === 1) {
    parts.push('[v0]null[v]', '[a0]anull[a]');
  }
  return { graph: parts.join(';'), width, height, fps, duration: round(total), scaled, starts };
}
