import { describe, expect, it } from 'vitest';
import { hasAudioTrack } from './audio-track';

/** An MP4 box: 32-bit size, four-letter type, payload. */
function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const length = 8 + payload.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(length);
  new DataView(out.buffer).setUint32(0, length);
  out.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const p of payload) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const hdlr = (handler: string) =>
  box('hdlr', new Uint8Array(8), new TextEncoder().encode(handler), new Uint8Array(12));
const trak = (handler: string) => box('trak', box('mdia', hdlr(handler)));

function mp4(name: string, ...tracks: string[]): File {
  const parts = [box('ftyp', new TextEncoder().encode('isom')), box('mdat', new Uint8Array(64))];
  parts.push(box('moov', ...tracks.map(trak)));
  return new File(parts as BlobPart[], name, { type: 'video/mp4' });
}

describe('hasAudioTrack', () => {
  it('finds the sound track of a video with sound, after the media data', async () => {
    expect(await hasAudioTrack(mp4('talk.mp4', 'vide', 'soun'))).toBe(true);
  });

  it('says a video without sound has none', async () => {
    expect(await hasAudioTrack(mp4('silent.mp4', 'vide'))).toBe(false);
  });

  it('leaves other formats and unreadable files to the server', async () => {
    expect(await hasAudioTrack(new File(['RIFF....WAVE'], 'a.wav', { type: 'audio/wav' }))).toBeUndefined();
    expect(
      await hasAudioTrack(new File([new Uint8Array(3)], 'broken.mp4', { type: 'video/mp4' })),
    ).toBeUndefined();
    const badSize = new Uint8Array(16);
    new DataView(badSize.buffer).setUint32(0, 4);
    expect(await hasAudioTrack(new File([badSize], 'bad.mp4', { type: 'video/mp4' }))).toBeUndefined();
  });
});
