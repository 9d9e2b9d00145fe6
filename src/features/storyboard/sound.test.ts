import { describe, expect, it } from 'vitest';
import { AssemblyRequestSchema } from '@contract/storyboard-assembly';
import { useConnectionStore } from '@/api/connection-store';
import { TEST_CONNECTION } from '@/test/fetch-mock';
import { assemblyBody, canAssemble, isOutdated, recipeOf } from './assembly';
import {
  keptAssembly,
  newShot,
  MAX_ASSEMBLIES,
  type AssemblyState,
  type Shot,
  type Storyboard,
} from './storyboard';
import { parseStoryboard, exportStoryboard, importStoryboard } from './storyboard-file';
import { captionOf, fittedDuration, overlongLines, soundOfRequest } from './sound';

const done = (shot: Shot, i: number): Shot => ({
  ...shot,
  run: { state: 'succeeded', taskId: `t${i}`, resultUrl: `http://localhost/files/${i}.mp4` },
});

function board(): Storyboard {
  const shots = [
    newShot({ prompt: 'a', duration: '5' }),
    newShot({ prompt: 'b', duration: '4' }, true),
    newShot({ prompt: 'c', duration: '6' }, true),
  ].map(done);
  shots[0] = {
    ...shots[0]!,
    sound: {
      narration: 'Wait for me!',
      speech: { url: 'http://localhost/files/l0.mp3', seconds: 1.8, text: 'Wait for me!', voice: 'alloy' },
    },
  };
  shots[1] = {
    ...shots[1]!,
    sound: {
      narration: 'A long line that takes longer than the shot',
      caption: '  Typed caption ',
      speech: {
        url: 'http://localhost/files/l1.mp3',
        seconds: 5.2,
        text: 'A long line that takes longer than the shot',
        voice: 'alloy',
      },
    },
  };
  return {
    id: 'sb',
    name: 'Pier chase',
    updatedAt: 0,
    cast: [],
    shots,
    joins: ['cut', 'crossfade'],
    sound: {
      burnCaptions: true,
      music: {
        url: 'http://localhost/files/m.mp3',
        name: 'theme',
        volume: 0.5,
        fadeOut: 2,
        shotAudio: 'duck',
      },
    },
  };
}

describe('sound and captions of the cut', () => {
  it('sends the music, the spoken lines at their shots and the captions, in a body the endpoint accepts', () => {
    const body = assemblyBody(board());
    expect(body).toMatchObject({
      audio: { url: 'http://localhost/files/m.mp3', volume: 0.5, fade_out_s: 2, shot_audio: 'duck' },
      narration: [
        { shot: 0, url: 'http://localhost/files/l0.mp3' },
        { shot: 1, url: 'http://localhost/files/l1.mp3' },
      ],
      captions: [
        { shot: 0, text: 'Wait for me!' },
        { shot: 1, text: 'Typed caption' },
      ],
      burn_captions: true,
    });
    expect(AssemblyRequestSchema.safeParse(body).success).toBe(true);
  });

  it('a line edited after it was spoken is not sent until spoken again; its caption follows the text', () => {
    const b = board();
    b.shots[0] = { ...b.shots[0]!, sound: { ...b.shots[0]!.sound, narration: 'Wait!' } };
    expect(soundOfRequest(b).narration).toEqual([{ shot: 1, url: 'http://localhost/files/l1.mp3' }]);
    expect(captionOf(b.shots[0]!)).toBe('Wait!');
  });

  it('no captions: nothing to burn', () => {
    const b = board();
    b.shots = b.shots.map((s) => ({ ...s, sound: undefined }));
    expect(soundOfRequest(b)).toMatchObject({ captions: [], narration: [], burn_captions: false });
  });

  it('warns when a spoken line is longer than its shot, and fits the shot to it', () => {
    expect(overlongLines(board())).toEqual([{ index: 1, spoken: 5.2, shot: 4 }]);
    expect(fittedDuration(5.2)).toBe(6);
    expect(fittedDuration(1.2)).toBe(4);
    expect(fittedDuration(40)).toBe(15);
  });

  it('a cut is outdated when its sound changes, not only its takes', () => {
    useConnectionStore.setState({ ...TEST_CONNECTION, baseUrl: '' });
    const b = board();
    const cut: AssemblyState = {
      id: 'a1',
      status: 'succeeded',
      url: 'u',
      taskIds: ['t0', 't1', 't2'],
      recipe: recipeOf(b),
    };
    const withCut = { ...b, assembly: cut };
    expect(isOutdated(withCut, cut)).toBe(false);
    expect(canAssemble(withCut)).toBe(false);
    const quieter = { ...withCut, sound: { ...b.sound!, music: { ...b.sound!.music!, volume: 0.2 } } };
    expect(isOutdated(quieter, cut)).toBe(true);
    expect(canAssemble(quieter)).toBe(true);
    useConnectionStore.setState(TEST_CONNECTION);
  });
});

describe('the kept cuts', () => {
  it('every finished cut is kept, newest first, at most MAX_ASSEMBLIES, and survives a reload', () => {
    let b = board();
    for (let i = 0; i < MAX_ASSEMBLIES + 2; i++)
      b = keptAssembly(b, {
        id: `a${i}`,
        status: 'succeeded',
        url: `u${i}`,
        taskIds: [],
        captionsUrl: `v${i}`,
      });
    b = keptAssembly(b, { id: 'failed', status: 'failed', taskIds: [] });
    expect(b.assemblies!.map((a) => a.id).slice(0, 2)).toEqual([
      `a${MAX_ASSEMBLIES + 1}`,
      `a${MAX_ASSEMBLIES}`,
    ]);
    expect(b.assemblies).toHaveLength(MAX_ASSEMBLIES);
    const back = parseStoryboard(JSON.parse(JSON.stringify(b)), { fresh: false });
    expect(back.assemblies).toEqual(b.assemblies);
    expect(back.sound).toEqual(b.sound);
    expect(back.shots[1]!.sound).toEqual(b.shots[1]!.sound);
  });

  it('an export keeps the lines, the camera and the chosen frame, but not the spoken files or the cuts', () => {
    const b = board();
    b.shots[1] = { ...b.shots[1]!, camera: 'orbit', frameAt: 1.5 };
    const back = importStoryboard(
      exportStoryboard(keptAssembly(b, { id: 'a', status: 'succeeded', url: 'u', taskIds: [] })),
    );
    expect(back.shots[1]).toMatchObject({
      camera: 'orbit',
      frameAt: 1.5,
      sound: { narration: b.shots[1]!.sound!.narration },
    });
    expect(back.shots[1]!.sound!.speech).toBeUndefined();
    expect(back.assemblies).toBeUndefined();
    expect(back.sound?.burnCaptions).toBe(true);
  });
});
