import fs from 'node:fs';
import { h264Options } from '../../media/ffmpeg';
import type { AssemblySound } from '../../store/storyboard-assemblies';
import type { AssemblyPlan, Join } from './assembly-graph';
import type { SoundFiles } from './assembly-inputs';
import { soundGraph } from './assembly-sound';
import { burnFilters, type Cue } from './captions';
import type { ShotProbe } from './shot-probe';

export interface AssemblyJob {
  /** Local files of the shots, in order. */
  shots: readonly string[];
  probes: readonly ShotProbe[];
  joins: readonly Join[];
  plan: AssemblyPlan;
  sound: AssemblySound | undefined;
  files: SoundFiles;
  /** The cues of the captions on the cut (burned when the request asks). */
  cues: readonly Cue[];
  out: string;
  /** A fresh temp path (the caller removes those it is given back in `scratch`). */
  tempFile(ext: string): string;
}

/**
 * Whether the shots can be joined by stream copy: cuts only, every shot H.264 video and AAC audio
 * at the first shot's size and frame rate (what one model's results are).
 */
export function canCopy(probes: readonly ShotProbe[], joins: readonly Join[]): boolean {
  const [first] = probes;
  if (!first || joins.some((j) => j !== 'cut')) return false;
  return probes.every(
    (p) =>
      p.videoCodec === 'h264' &&
      p.audioCodec === 'aac' &&
      p.pixFmt === first.pixFmt &&
      p.width === first.width &&
      p.height === first.height &&
      Math.abs(p.fps - first.fps) < 0.01,
  );
}

const AAC = ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000'];

/**
 * The ffmpeg arguments of one assembly (decisions 311, 370). The picture is copied when the shots
 * allow it and no caption is burned; otherwise it is re-encoded through the plan's graph, with the
 * captions drawn on it. The sound is copied when nothing is laid over the shots' audio; otherwise
 * it is mixed (soundGraph) and encoded, even when the picture is copied: an audio encode of the
 * cut costs a fraction of a second, a picture encode most of the job.
 */
export async function assemblyCommand(job: AssemblyJob): Promise<{ args: string[]; scratch: string[] }> {
  const { sound, files, plan } = job;
  const scratch: string[] = [];
  const mixed = Boolean(files.music) || files.narration.length > 0 || sound?.audio?.shot_audio === 'mute';
  const burn = Boolean(sound?.burn_captions) && job.cues.length > 0;
  const copy = canCopy(job.probes, job.joins) && !burn;
  const args: string[] = [];
  const graph: string[] = [];
  let video: string;
  let audio: string;
  if (copy) {
    // Same size, rate and codecs, cuts only: the shots' streams are joined as they are.
    const list = job.tempFile('.txt');
    scratch.push(list);
    await fs.promises.writeFile(
      list,
      job.shots.map((f) => `file '${f.replaceAll("'", "'\\''")}'\n`).join(''),
    );
    args.push('-f', 'concat', '-safe', '0', '-i', list);
    video = '0:v:0';
    audio = '0:a:0';
  } else {
    for (const file of job.shots) args.push('-i', file);
    graph.push(plan.graph);
    video = '[v]';
    audio = 'a';
  }
  let next = copy ? 1 : job.shots.length;
  const music = files.music ? { input: next++, file: files.music.file } : undefined;
  if (music) args.push('-stream_loop', '-1', '-i', music.file);
  const narration = files.narration.map((n) => {
    args.push('-i', n.file);
    return { input: next++, start: plan.starts[n.shot] ?? 0 };
  });
  if (burn) {
    const { filters, lines } = burnFilters(job.cues, plan.width, plan.height, () => job.tempFile('.txt'));
    for (const line of lines) {
      scratch.push(line.file);
      await fs.promises.writeFile(line.file, line.text);
    }
    graph.push(`[v]${filters.join(',')}[vc]`);
    video = '[vc]';
  }
  if (mixed) {
    const base = copy ? '0:a:0' : audio;
    graph.push(
      ...soundGraph(base, plan.duration, {
        music: music && {
          input: music.input,
          volume: sound!.audio!.volume,
          fadeOut: sound!.audio!.fade_out_s,
        },
        shotAudio: sound?.audio?.shot_audio ?? 'keep',
        narration,
      }),
    );
    audio = '[mix]';
  } else if (!copy) audio = '[a]';
  if (graph.length) args.push('-filter_complex', graph.join(';'));
  args.push('-map', video, '-map', audio);
  if (copy) args.push('-c:v', 'copy');
  else
    // A join of results already compressed once: speed before size (decision 311).
    args.push(
      ...h264Options(plan.width, plan.height, plan.fps).map((a) => (a === 'veryfast' ? 'ultrafast' : a)),
    );
  if (copy && !mixed) args.push('-c:a', 'copy');
  else args.push(...AAC);
  args.push('-movflags', '+faststart', '-f', 'mp4', job.out);
  return { args, scratch };
}
