import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerOf } from '../../../middleware/auth';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { seedAsset } from '../../../test/task-fixtures';
import { filesRoot } from '../../assets/asset-files';
import { filesRelPath, InputUnavailableError, renderSource } from './input-sources';

const KEY = 'sk-local-dev';
const ORIGIN = 'http://localhost:8787';
let t: TestApp;
beforeEach(() => {
  t = makeTestApp();
});
afterEach(() => t.close());

function store(rel: string, fixture = 'e2e/fixtures/sample.png'): string {
  const abs = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.copyFileSync(fixture, abs);
  return fs.realpathSync(abs);
}

describe('filesRelPath', () => {
  it('reads /files/ paths and absolute URLs of the same origin only', () => {
    expect(filesRelPath('/files/o/asset_1/a.png', ORIGIN)).toBe('o/asset_1/a.png');
    expect(filesRelPath(`${ORIGIN}/files/o/asset_1/%61.png`, ORIGIN)).toBe('o/asset_1/a.png');
    expect(filesRelPath('http://elsewhere:8787/files/o/a.png', ORIGIN)).toBeUndefined();
    expect(filesRelPath(`${ORIGIN}/api/x.png`, ORIGIN)).toBeUndefined();
  });

  it('refuses traversal and odd segments', () => {
    for (const bad of ['/files/../secret', '/files/o/%2e%2e/x', '/files/o/a%2Fb', '/files/', '/files/o//x'])
      expect(filesRelPath(bad, ORIGIN)).toBeUndefined();
  });
});

describe('renderSource', () => {
  const owner = ownerOf(KEY);

  it('Asset:// becomes the stored copy when there is one, else the source URL', () => {
    const file = store(`${owner}/asset_stored/a.png`);
    const stored = seedAsset(t.ctx, KEY, { file_path: `${owner}/asset_stored/a.png`, mode: 'oss' });
    const remote = seedAsset(t.ctx, KEY, { source_url: 'https://example.com/remote.png' });
    expect(renderSource(t.ctx, owner, `Asset://${stored}`, ORIGIN)).toBe(file);
    expect(renderSource(t.ctx, owner, `Asset://${remote}`, ORIGIN)).toBe('https://example.com/remote.png');
  });

  it('/files/ URLs of this server become local paths; other URLs stay as they are', () => {
    const file = store(`${owner}/asset_v/v.mp4`, 'e2e/fixtures/sample.mp4');
    expect(renderSource(t.ctx, owner, `/files/${owner}/asset_v/v.mp4`, ORIGIN)).toBe(file);
    expect(renderSource(t.ctx, owner, `${ORIGIN}/files/${owner}/asset_v/v.mp4`, ORIGIN)).toBe(file);
    expect(renderSource(t.ctx, owner, ' https://example.com/v.mp4 ', ORIGIN)).toBe(
      'https://example.com/v.mp4',
    );
  });

  it('a vanished asset or file, or another owner’s asset, is InputUnavailableError', () => {
    const theirs = seedAsset(t.ctx, 'sk-someone-else');
    expect(() => renderSource(t.ctx, owner, `Asset://${theirs}`, ORIGIN)).toThrow(InputUnavailableError);
    expect(() => renderSource(t.ctx, owner, 'Asset://asset_gone', ORIGIN)).toThrow(InputUnavailableError);
    expect(() => renderSource(t.ctx, owner, '/files/o/asset_gone/a.png', ORIGIN)).toThrow(
      InputUnavailableError,
    );
  });
});
