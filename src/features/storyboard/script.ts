import { cameraFromWords, type CameraMove } from './camera';
import { MAX_SHOTS } from './storyboard-file';
import { newShot, newStoryboard, type Storyboard } from './storyboard';

/**
 * Start from a script (issue 42): a pasted scene description becomes draft shots, one per
 * paragraph or scene heading, which the person edits before anything is created or run. A line
 * in quotes, or after a speaker's name ("MAYA: Over here!"), is the shot's narration; a line
 * naming a camera move ("Camera: dolly in") is its move. The rest is the prompt.
 */

export interface DraftedShot {
  prompt: string;
  narration: string;
  camera: CameraMove;
  duration: number;
}

/** A screenplay scene heading (INT./EXT.), a "Scene 2" or "Shot 3" line, or a Markdown heading. */
const HEADING = /^(?:#{1,6}\s|(?:INT|EXT|INT\/EXT|I\/E)[.\s]|(?:scene|shot)\s*\d+\b|第.{1,3}[场幕镜])/i;
const SPEAKER = /^([\p{Lu}\p{Lo}][\p{Lu}\p{Lo} .'-]{0,30})[:：]\s*(.+)$/u;
const QUOTED = /^["“「『](.+)["”」』]$/u;
const CAMERA = /^(?:camera|镜头)\s*[:：]\s*(.+)$/i;

/** Words read per second when a spoken line's length is guessed before it is spoken. */
const WORDS_PER_SECOND = 2.5;
const CJK_PER_SECOND = 4;

/** A guess of how long a line takes to say, to start the shot long enough (4–15 s). */
export function guessedSeconds(line: string): number {
  const cjk = (line.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu) ?? [])
    .length;
  const words = line
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.min(15, Math.max(5, Math.ceil(words / WORDS_PER_SECOND + cjk / CJK_PER_SECOND + 1)));
}

function blocks(text: string): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) out.push(current);
    current = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (HEADING.test(line)) flush();
    current.push(line);
  }
  flush();
  return out;
}

/** The script cut into shots, at most MAX_SHOTS (the rest is left out, and said so by the caller). */
export function splitScript(text: string): DraftedShot[] {
  return blocks(text)
    .map((lines) => {
      const prompt: string[] = [];
      const spoken: string[] = [];
      let camera: CameraMove = 'none';
      for (const line of lines) {
        const cam = CAMERA.exec(line);
        const speaker = SPEAKER.exec(line);
        const quoted = QUOTED.exec(line);
        if (cam) camera = cameraFromWords(cam[1]) ?? camera;
        else if (quoted) spoken.push(quoted[1]!.trim());
        else if (speaker && !HEADING.test(line)) spoken.push(speaker[2]!.trim());
        else prompt.push(line.replace(/^#{1,6}\s*/, ''));
      }
      const narration = spoken.join(' ');
      return {
        prompt: prompt.join(' '),
        narration,
        camera,
        duration: narration ? guessedSeconds(narration) : 5,
      };
    })
    .filter((s) => s.prompt || s.narration)
    .slice(0, MAX_SHOTS);
}

/** A storyboard from drafted shots, each continuing from the one before. */
export function storyboardFromShots(name: string, shots: readonly DraftedShot[], model?: string): Storyboard {
  const board = newStoryboard(name);
  const made = shots.map((s, i) => ({
    ...newShot({ prompt: s.prompt, duration: String(s.duration), ...(model ? { model } : {}) }, i > 0),
    ...(s.camera !== 'none' ? { camera: s.camera } : {}),
    ...(s.narration ? { sound: { narration: s.narration } } : {}),
  }));
  return {
    ...board,
    shots: made.length ? made : board.shots,
    joins: made.slice(1).map(() => 'cut' as const),
  };
}
