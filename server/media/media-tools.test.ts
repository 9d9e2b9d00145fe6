import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledPath, chooseTool, isCurrent, mediaToolLines, readVersion } from './media-tools';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-tools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A fake binary in its own directory that prints `line` for `-version`, as ffmpeg does. */
function fake(name: string, line: string): string {
  const sub = fs.mkdtempSync(path.join(dir, 'bin-'));
  const file = path.join(sub, name);
  fs.writeFileSync(file, `#!/bin/sh\necho '${line}'\n`, { mode: 0o755 });
  return file;
}

const bundled = bundledPath('ffmpeg');
const current = fake('ffmpeg', 'ffmpeg version 7.1.1-1 Copyright (c) 2000-2025 the FFmpeg developers');
const old = fake('ffmpeg', 'ffmpeg version 4.4.2 Copyright (c) 2000-2021 the FFmpeg developers');

describe('readVersion / isCurrent', () => {
  it('reads numbered releases and git builds, judging a git build by its year', () => {
    const v7 = readVersion(current, 'ffmpeg');
    expect(v7).toMatchObject({ version: '7.1.1-1', major: 7 });
    expect(isCurrent(v7)).toBe(true);
    expect(isCurrent(readVersion(old, 'ffmpeg'))).toBe(false);
    // The bundled static build is a 2018 git snapshot ("N-47683-..."): not current.
    const b = readVersion(bundled, 'ffmpeg');
    expect(b.version).toMatch(/^N-/);
    expect(isCurrent(b)).toBe(false);
    expect(isCurrent({ version: 'N-1-gabc', year: 2024 })).toBe(true);
  });

  it('says why a file is not the tool', () => {
    expect(() => readVersion(process.execPath, 'ffmpeg')).toThrow(/is not ffmpeg/);
    expect(() => readVersion(current, 'ffprobe')).toThrow(
      /is not ffprobe \(`-version` printed "ffmpeg version/,
    );
  });
});

describe('chooseTool', () => {
  it('takes FFMPEG_PATH first, whatever its version', () => {
    const c = chooseTool('ffmpeg', { FFMPEG_PATH: old, PATH: path.dirname(current) });
    expect(c).toEqual({ tool: { path: old, version: '4.4.2', source: 'env' } });
  });

  it('names the bundled binary with FFMPEG_PATH=bundled', () => {
    const c = chooseTool('ffmpeg', { FFMPEG_PATH: 'bundled', PATH: path.dirname(current) });
    expect(c.tool).toMatchObject({ path: bundled, source: 'bundled' });
    expect(c.error).toBeUndefined();
  });

  it('turns an FFMPEG_PATH that is missing or not ffmpeg into an error, never a throw', () => {
    expect(chooseTool('ffmpeg', { FFMPEG_PATH: path.join(dir, 'nope') }).error).toBe(
      `FFMPEG_PATH=${path.join(dir, 'nope')} does not exist`,
    );
    expect(chooseTool('ffmpeg', { FFMPEG_PATH: dir }).error).toMatch(/is not ffmpeg/);
    expect(chooseTool('ffprobe', { FFPROBE_PATH: current }).error).toMatch(
      /^FFPROBE_PATH=\S+ is not ffprobe/,
    );
  });

  it('skips an ffmpeg on PATH older than 5 for a later current one', () => {
    const PATH = [path.dirname(old), path.dirname(current)].join(path.delimiter);
    expect(chooseTool('ffmpeg', { PATH })).toEqual({
      tool: { path: current, version: '7.1.1-1', source: 'path' },
    });
  });

  it('falls back to the bundled binary with a warning naming what was found', () => {
    const c = chooseTool('ffmpeg', { PATH: path.dirname(old) });
    expect(c.tool).toMatchObject({ path: bundled, source: 'bundled', version: expect.stringMatching(/^N-/) });
    expect(c.warning).toMatch(/is 4\.4\.2, older than 5: using the bundled ffmpeg .*set FFMPEG_PATH/);
    expect(chooseTool('ffmpeg', { PATH: '' }).warning).toMatch(/^no ffmpeg on PATH/);
  });

  it('prints one line per binary, and the warning under it', () => {
    const lines = mediaToolLines({
      ffmpeg: chooseTool('ffmpeg', { PATH: '' }),
      ffprobe: chooseTool('ffprobe', { FFPROBE_PATH: 'bundled' }),
    });
    expect(lines[0]).toBe(`  ffmpeg: ${bundled} ${readVersion(bundled, 'ffmpeg').version} (bundled)`);
    expect(lines[1]).toMatch(/^ {2}warning: no ffmpeg on PATH/);
    expect(lines[2]).toMatch(/^ {2}ffprobe: \S+ \S+ \(bundled\)$/);
    expect(lines).toHaveLength(3);
  });
});
