import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors';
import { isInlineSafe, resolveAssetType, resolveContentType, safeFileName } from './asset-media-types';

describe('asset media types', () => {
  it('prefers the declared content type unless it is generic', () => {
    expect(resolveContentType('Image/PNG; charset=binary', 'x.jpg')).toBe('image/png');
    expect(resolveContentType('application/octet-stream', 'clip.MP4')).toBe('video/mp4');
    expect(resolveContentType('', 'voice.mp3')).toBe('audio/mpeg');
    expect(resolveContentType('', 'noext')).toBe('application/octet-stream');
  });

  it('infers the type, and refuses an image declared as audio/video (and the reverse)', () => {
    expect(resolveAssetType(undefined, 'video/mp4')).toBe('video');
    expect(resolveAssetType(undefined, 'text/plain')).toBe('file');
    expect(resolveAssetType('audio', 'video/mp4')).toBe('audio');
    expect(resolveAssetType('file', 'image/png')).toBe('file');
    expect(resolveAssetType('video', 'application/octet-stream')).toBe('video');
    expect(() => resolveAssetType('video', 'image/png')).toThrow(ApiError);
    expect(() => resolveAssetType('image', 'audio/mpeg')).toThrow(/type=audio/);
  });

  it('makes file names safe for disk and URL, with an extension matching the content', () => {
    expect(safeFileName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(safeFileName('C:\\Users\\me\\My Photo.JPG', 'image/jpeg')).toBe('My_Photo.jpg');
    expect(safeFileName('.hidden.png', 'image/png')).toBe('hidden.png');
    expect(safeFileName('clip.bin', 'video/mp4')).toBe('clip.mp4');
    expect(safeFileName('', 'audio/mpeg')).toBe('file.mp3');
    expect(safeFileName('数据.mp4', 'video/mp4')).toBe('file.mp4');
    expect(safeFileName('a'.repeat(300) + '.png', 'image/png')).toHaveLength(100);
    expect(safeFileName('weird.x y', 'application/x-unknown')).toBe('weird.bin');
  });

  it('renders only raster images, audio and video inline', () => {
    expect(isInlineSafe('video/mp4')).toBe(true);
    expect(isInlineSafe('image/png')).toBe(true);
    expect(isInlineSafe('image/svg+xml')).toBe(false);
    expect(isInlineSafe('text/html')).toBe(false);
  });
});
