import { afterEach, describe, expect, it } from 'vitest';
import {
  openStoryboardChannel,
  readStoryboardMessage,
  STORYBOARD_CHANNEL_VERSION,
  type StoryboardChannel,
  type StoryboardMessage,
} from './storyboard-channel';
import { storyboardProgressList, type StoryboardProgress } from './storyboard-progress';

const run: StoryboardProgress = {
  id: 'sb',
  name: 'Pier',
  total: 3,
  done: 1,
  failed: 0,
  fraction: 0.4,
  active: true,
};

const opened: StoryboardChannel[] = [];
/** A tab's end of the channel (each file is a browser of its own: src/test/setup.ts). */
const tab = () => {
  const end = openStoryboardChannel()!;
  opened.push(end);
  return end;
};
afterEach(() => {
  for (const end of opened.splice(0)) end.close();
});

const turn = () => new Promise((r) => setTimeout(r, 0));
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await turn();
  }
  throw new Error(`never: ${what}`);
}

describe('the storyboard’s one channel: each listener hears its own kinds (decision 690)', () => {
  it('news of a board write reaches the runner’s listener and leaves the strip as it is', async () => {
    const [writer, reader] = [tab(), tab()];
    const strip = storyboardProgressList(() => reader);
    let stripChanges = 0;
    strip.subscribe(() => stripChanges++);
    const news: string[] = [];
    reader.listen(['board'], (m) => news.push(m.id));

    writer.post({ kind: 'board', id: 'sb' });
    writer.post({ kind: 'board', id: 'sb2' });
    // From one tab, messages arrive in order: once the run shows, both news came before it.
    writer.post({ kind: 'progress', progress: run });
    await until(() => strip.runs().length === 1, 'the strip shows the run');
    expect(news).toEqual(['sb', 'sb2']);
    expect(strip.runs()).toEqual([{ ...run, elsewhere: true }]);
    expect(stripChanges).toBe(1);
  });

  it('the strip’s messages reach no board listener', async () => {
    const [running, other] = [tab(), tab()];
    const news: string[] = [];
    other.listen(['board'], (m) => news.push(m.id));
    const strip = storyboardProgressList(() => running);
    strip.publish(run);
    strip.forget('sb');
    running.post({ kind: 'ask' });
    running.post({ kind: 'left', id: 'sb' });
    running.post({ kind: 'board', id: 'last' });
    await until(() => news.length > 0, 'the board news arrives');
    expect(news).toEqual(['last']);
  });
});

describe('a message that does not read as this build’s is heard by no one (decision 690)', () => {
  const junk: unknown[] = [
    null,
    'board',
    42,
    // Bare, as the two channels before decision 690 posted them.
    { id: 'sb' },
    { progress: run },
    { ask: true },
    // Unversioned, another version, or not the shape its kind says.
    { kind: 'board', id: 'sb' },
    { v: STORYBOARD_CHANNEL_VERSION + 1, message: { kind: 'board', id: 'sb' } },
    { v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'board' } },
    { v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'board', id: 7 } },
    {
      v: STORYBOARD_CHANNEL_VERSION,
      message: { kind: 'progress', progress: { id: 'sb', name: 'Pier', active: true } },
    },
    { v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'ended' } },
    { v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'sing', id: 'sb' } },
  ];

  it('reads as nothing', () => {
    for (const data of junk) expect(readStoryboardMessage(data)).toBeUndefined();
    expect(
      readStoryboardMessage({ v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'board', id: 'sb' } }),
    ).toEqual({
      kind: 'board',
      id: 'sb',
    });
  });

  it('is dropped before any listener, and what follows it is heard', async () => {
    const reader = tab();
    const strip = storyboardProgressList(() => reader);
    let stripChanges = 0;
    strip.subscribe(() => stripChanges++);
    const heard: StoryboardMessage[] = [];
    reader.listen(['board', 'progress', 'ended', 'left', 'ask'], (m) => heard.push(m));
    // Another app's script, or a tab of another build, on the same channel name.
    const stranger = new BroadcastChannel('media-studio.storyboard');
    try {
      for (const data of junk) stranger.postMessage(data);
      stranger.postMessage({ v: STORYBOARD_CHANNEL_VERSION, message: { kind: 'board', id: 'ok' } });
      await until(() => heard.length > 0, 'the good message arrives');
      expect(heard).toEqual([{ kind: 'board', id: 'ok' }]);
      expect(strip.runs()).toEqual([]);
      expect(stripChanges).toBe(0);
    } finally {
      stranger.close();
    }
  });
});
