import { describe, expect, it } from 'vitest';
import { transcriptExtension } from './transcript-view';

describe('transcriptExtension', () => {
  it('names subtitles by their content type, or by their first line when the type is generic', () => {
    expect(transcriptExtension({ contentType: 'text/vtt', text: 'x' })).toBe('vtt');
    expect(
      transcriptExtension({ contentType: 'text/plain', text: 'WEBVTT\n\n00:00.000 --> 00:01.000' }),
    ).toBe('vtt');
    expect(
      transcriptExtension({ contentType: 'text/plain', text: '1\n00:00:00,000 --> 00:00:01,400\nHi' }),
    ).toBe('srt');
    expect(transcriptExtension({ contentType: 'application/x-subrip', text: '' })).toBe('srt');
    expect(transcriptExtension({ contentType: 'text/plain', text: 'Hello there' })).toBe('txt');
  });
});
