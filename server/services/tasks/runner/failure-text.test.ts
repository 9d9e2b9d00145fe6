import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareFirstFrame, RenderInputError } from '../../../media/render-inputs';
import { makeTestApp, type TestApp } from '../../../test/helpers';
import { tempDir } from '../../../test/test-media';
import type { TaskRow } from '../../../store/tasks';
import { crashOutcome } from './runner-finish';

/*
 * Issue 35 §4d: fail_reason carried raw ffmpeg text and temporary paths. The person gets a clear
 * reason and the request id; the raw text goes to the log.
 */

let t: TestApp;
afterEach(() => t?.close());

describe('failure texts shown to the person', () => {
  it('an unreadable input names the input, not ffmpeg’s complaint or a temporary path', async () => {
    const dir = tempDir('sec35-fail-');
    const fake = path.join(dir, 'cat.png');
    fs.writeFileSync(fake, '<!doctype html><html></html>');
    const err = await prepareFirstFrame(
      fake,
      path.join(dir, 'out.png'),
      64,
      64,
      undefined,
      'https://e.com/cat.png',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderInputError);
    const message = (err as Error).message;
    expect(message).toContain('https://e.com/cat.png');
    expect(message).not.toContain(dir);
    expect(message).not.toMatch(/ffmpeg exited|Invalid data|Error opening|\[.*@ 0x/i);
    // The raw text is kept as the cause, for the log.
    expect(String((err as Error).cause)).toMatch(/ffmpeg|Invalid|error/i);
  }, 30_000);

  it('a crash after the last retry shows a clear reason and the request id, and logs the raw text', () => {
    t = makeTestApp();
    const lines: string[] = [];
    t.ctx.log = {
      info: () => {},
      warn: () => {},
      error: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })),
    };
    const row = { id: 'task_x', request_id: 'req_abc', attempts: 3 } as TaskRow;
    const raw = 'ffmpeg exited with code 1: /tmp/media-studio-render-q1/frame.png: Invalid data found';
    const out = crashOutcome(t.ctx, row, new Error(raw));
    for (const text of [out.message, out.failReason]) {
      expect(text).toContain('req_abc');
      expect(text).not.toContain('/tmp/');
      expect(text).not.toContain('ffmpeg exited');
    }
    expect(lines.join('\n')).toContain(raw);
    expect(lines.join('\n')).toContain('req_abc');
  });
});
