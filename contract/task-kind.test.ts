import { describe, expect, it } from 'vitest';
import { inferTaskKind } from './task-kind';

describe('inferTaskKind (a deployment need not send `kind`)', () => {
  it('keeps a known kind the server sent', () => {
    expect(inferTaskKind({ id: 't', kind: 'music', model: 'video-2.0-cl' })).toBe('music');
  });

  it('reads the kind from the model table when no kind is sent', () => {
    expect(inferTaskKind({ task_id: 't', model: 'video-2.0-cl', status: 'SUBMITTED' })).toBe('video');
    expect(inferTaskKind({ id: 't', model: 'video-2.0-cl-mini' })).toBe('video');
    expect(inferTaskKind({ id: 't', model: 'digital-human-video-v8' })).toBe('digital_human_video');
    expect(inferTaskKind({ id: 't', model: 'digital-human-audio-v8' })).toBe('digital_human_audio');
    expect(inferTaskKind({ id: 't', model: 'music-v5.5' })).toBe('music');
  });

  it('a newer model of a known line is of that line', () => {
    expect(inferTaskKind({ id: 't', model: 'video-2.1-cl' })).toBe('video');
    expect(inferTaskKind({ id: 't', model: 'music-v6' })).toBe('music');
  });

  it('the model comes before the result: video_url is a result place of any task, no proof of a video', () => {
    expect(inferTaskKind({ id: 't', model: 'music-v5.5', video_url: 'https://x/a.mp3' })).toBe('music');
    expect(
      inferTaskKind({ id: 't', model: 'digital-human-audio-v8', data: { video_url: 'https://x/a.mp3' } }),
    ).toBe('digital_human_audio');
    expect(inferTaskKind({ id: 't', status: 'succeeded', data: { video_url: 'https://x/v.mp4' } })).toBe(
      'unknown',
    );
    expect(inferTaskKind({ id: 't', status: 'succeeded', video_url: 'https://x/v.png' })).toBe('unknown');
  });

  it('falls back to the shape of the fields, before unknown', () => {
    expect(inferTaskKind({ id: 't', input_references: [{ alias: 'a', binding_status: 'bound' }] })).toBe(
      'video',
    );
    expect(inferTaskKind({ id: 't', avatar_asset_id: 'asset_1', audio_url: 'https://x/a.mp3' })).toBe(
      'digital_human_video',
    );
    expect(inferTaskKind({ id: 't', title: 'Song', style: 'jazz', prompt: 'p' })).toBe('music');
  });

  it('names image and resource-processing tasks by their model, line or fields (decisions 291, 292)', () => {
    expect(inferTaskKind({ id: 't', model: 'image-v1' })).toBe('image');
    expect(inferTaskKind({ id: 't', model: 'image-v2' })).toBe('image');
    expect(inferTaskKind({ id: 't', model: 'resource-thumbnail' })).toBe('resource');
    expect(inferTaskKind({ id: 't', model: 'resource-transcode' })).toBe('resource');
    expect(inferTaskKind({ id: 't', source_url: 'Asset://asset_1', operation: 'thumbnail' })).toBe(
      'resource',
    );
  });

  it('says unknown only when nothing tells', () => {
    expect(inferTaskKind({ id: 't', model: 'upscaler-x', status: 'running' })).toBe('unknown');
    expect(inferTaskKind({ id: 't', kind: 42 })).toBe('unknown');
    expect(inferTaskKind(null)).toBe('unknown');
  });
});
