import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { seriousViolations } from './support/axe';
import { useOwnServer } from './support/own-server';
import { expect, fixtureOrigin, test } from './support/test';

// The storyboard's journey as a person makes it: a cast of two aliases, three shots of which the
// second and third continue from the shot before, one run, one assembled MP4. Then the file is
// probed and the continuity checked on thumbnails of the frames: the local renderer draws the
// first frame it is given, so shot 2 must open on what shot 1 ended with. It runs through the proxy
// (the local server takes the frames and assembles from the upstream's results); on the local
// server alone the same steps are part of the storyboard journey (storyboard-journey.spec.ts).

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storyboard-e2e-'));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function probe(file: string) {
  const out = JSON.parse(
    execFileSync(
      ffprobe.path,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { format: { duration: string }; streams: Array<{ codec_type: string; duration?: string }> };
  const audio = out.streams.filter((s) => s.codec_type === 'audio');
  return {
    duration: Number(out.format.duration),
    video: out.streams.filter((s) => s.codec_type === 'video').length,
    audio: audio.length,
    audioDuration: Number(audio[0]?.duration),
  };
}

/** A frame scaled down to 32x18 RGB: compared as a whole, so codec noise averages out. */
function thumb(file: string, which: 'first' | 'last'): Buffer {
  const seek = which === 'last' ? ['-sseof', '-0.3'] : [];
  const args = [
    ...seek,
    '-i',
    file,
    '-vf',
    'scale=32:18',
    '-update',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
  ];
  const out = path.join(work, `${path.basename(file)}-${which}.rgb`);
  execFileSync(ffmpeg.path, ['-loglevel', 'error', '-y', ...args, out]);
  return fs.readFileSync(out);
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function download(page: Page, url: string, name: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  const file = path.join(work, name);
  fs.writeFileSync(file, await res.body());
  return file;
}

/** From the storyboard list (already open and connected) to the probed, assembled file. */
async function journey(page: Page, origin: string, key: string) {
  await page.getByRole('button', { name: 'New storyboard' }).click();
  await expect(page).toHaveURL(/\/storyboard\/sb-/);
  await page.getByLabel('Name').fill('Harbour scene');

  const cast = page.getByRole('region', { name: 'Cast' });
  await cast.getByRole('button', { name: 'Image' }).click();
  await cast.getByLabel('Alias of reference 1').fill('hero');
  await cast.getByLabel('URL of reference 1').fill(`${fixtureOrigin()}/sample.png`);
  await cast.getByRole('button', { name: 'Image' }).click();
  await cast.getByLabel('Alias of reference 2').fill('style');
  await cast.getByLabel('URL of reference 2').fill(`${fixtureOrigin()}/sample.png`);

  const shot = (n: number) => page.getByRole('listitem', { name: `Shot ${n}` });
  await shot(1).getByRole('combobox', { name: 'Prompt' }).fill('@hero walks along the harbour in @style');
  await page.getByRole('button', { name: 'Add shot' }).click();
  await expect(
    shot(2).getByRole('checkbox', { name: 'Continue from the last frame of shot 1' }),
  ).toBeChecked();
  await shot(2).getByRole('combobox', { name: 'Prompt' }).fill('@hero stops and looks at the sea');
  await page.getByRole('button', { name: 'Add shot' }).click();
  await shot(3).getByRole('combobox', { name: 'Prompt' }).fill('@hero turns away, @style');

  // One estimate for all three; shots 2 and 3 wait for the shot before.
  await expect(page.getByTestId('storyboard-estimate')).toContainText('for 3 shots');
  await expect(page.getByText('Shot 3 waits for shot 2.')).toBeVisible();
  await page.getByRole('button', { name: 'Run 3 shots' }).click();
  // Run asks first: what it sends and the estimate.
  await page
    .getByRole('dialog', { name: 'Run 3 shots?' })
    .getByRole('button', { name: 'Run 3 shots' })
    .click();

  for (const n of [1, 2, 3])
    await expect(page.getByTestId(`shot-status-${n}`).locator('[data-state]').first()).toHaveAttribute(
      'data-state',
      'succeeded',
      { timeout: 120_000 },
    );
  // Each shot links to its task in the monitor.
  const taskLink = shot(2).getByRole('link', { name: /Open the task of shot 2/ });
  await expect(taskLink).toHaveAttribute('href', /\/tasks\/task_/);

  await page.getByRole('button', { name: 'Assemble into one MP4' }).click();
  const assembled = page.getByTestId('assembled');
  await expect(assembled).toBeVisible({ timeout: 90_000 });
  // Download is a button now (it saves under the storyboard's name); the player plays the same file.
  const mp4Url = await assembled.locator('video').first().getAttribute('src');

  // The shots' results, as the page plays them.
  const results: string[] = [];
  for (const n of [1, 2, 3]) {
    const src = await shot(n).getByLabel(`Result of shot ${n}`).getAttribute('src');
    results.push(await download(page, src!, `${origin.replace(/\W/g, '')}-shot-${n}.mp4`));
  }
  const joined = await download(page, mp4Url!, `${origin.replace(/\W/g, '')}-joined.mp4`);
  const probed = probe(joined);
  const sum = results.reduce((s, f) => s + probe(f).duration, 0);
  expect(probed.video).toBe(1);
  expect(probed.audio).toBe(1);
  expect(Math.abs(probed.duration - sum)).toBeLessThan(0.5);

  // Continuity, as far as thumbnails show it: shot 2's first frame looks like shot 1's end (its
  // frame 0.3 s before the end, in 32x18 thumbnails within a mean of 12 of 255), shot 3's like
  // shot 2's. Looks like, not equals: each frame is read back from a compressed video.
  expect(meanDifference(thumb(results[0]!, 'last'), thumb(results[1]!, 'first'))).toBeLessThan(12);
  expect(meanDifference(thumb(results[1]!, 'last'), thumb(results[2]!, 'first'))).toBeLessThan(12);

  // The frames went through the API as image assets, in the storyboard's own group, named after it.
  const auth = { headers: { authorization: `Bearer ${key}` } };
  const groups = (await (await page.request.get(`${origin}/v1/asset-groups`, auth)).json()) as {
    data: Array<{ id: string; name?: string }>;
  };
  const group = groups.data.find((g) => g.name === 'Storyboard · Harbour scene');
  expect(group, JSON.stringify(groups.data)).toBeDefined();
  const assets = await page.request.get(`${origin}/v1/assets?type=image&group_id=${group!.id}`, auth);
  const names = ((await assets.json()) as { data: Array<{ name?: string }> }).data.map((a) => a.name);
  expect(names).toEqual(
    expect.arrayContaining(['Harbour scene · last frame of shot 1', 'Harbour scene · last frame of shot 2']),
  );
  const defaults = await page.request.get(`${origin}/v1/assets?type=image`, auth);
  const inDefault = ((await defaults.json()) as { data: Array<{ name?: string }> }).data.map((a) => a.name);
  expect(inDefault.filter((n) => n?.includes('last frame'))).toEqual([]);
}

test.describe('storyboard in proxy mode', () => {
  const UPSTREAM_KEY = 'sk-e2e-storyboard-upstream';
  const BROWSER_KEY = 'sk-e2e-storyboard-browser';
  const upstream = useOwnServer({ API_KEYS: UPSTREAM_KEY, EMULATOR_SPEED: '20' });
  const proxy = useOwnServer(() => ({
    API_KEYS: BROWSER_KEY,
    UPSTREAM_BASE_URL: upstream.url,
    UPSTREAM_API_KEY: UPSTREAM_KEY,
  }));

  test('the same journey through the proxy: the local server takes frames and assembles from the upstream', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.goto(`${proxy.url}/storyboard`);
    const prompt = page.getByRole('form', { name: 'An API key is needed' });
    await prompt.getByLabel('API key').fill(BROWSER_KEY);
    await prompt.getByRole('button', { name: 'Connect' }).click();
    await journey(page, proxy.url, BROWSER_KEY);
  });
});

test.describe('storyboard page, as a person finds it', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`no serious accessibility violations, ${theme} theme; shots reorder by keyboard`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/storyboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Storyboard' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New storyboard' }).click();
      await page.getByRole('region', { name: 'Cast' }).getByRole('button', { name: 'Image' }).click();
      await page
        .getByRole('listitem', { name: 'Shot 1' })
        .getByRole('combobox', { name: 'Prompt' })
        .fill('first');
      await page.getByRole('button', { name: 'Add shot' }).click();
      await page
        .getByRole('listitem', { name: 'Shot 2' })
        .getByRole('combobox', { name: 'Prompt' })
        .fill('second');
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);

      // The handle moves its shot with the arrow keys; the list says so.
      await page.getByRole('button', { name: 'Move shot 2 of 2' }).press('ArrowUp');
      await expect(
        page.getByRole('listitem', { name: 'Shot 1' }).getByRole('combobox', { name: 'Prompt' }),
      ).toHaveText('second');
      await expect(page.getByText('Shot 2 moved to position 1.')).toBeAttached();

      // Run refuses what the composer would refuse (the cast row has no URL) and lists it.
      await page.getByRole('button', { name: 'Run 2 shots' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'before running' })).toContainText('Cast');
    });
  }
});

test.describe('storyboard music', () => {
  test('Compose music makes a music task as long as the cut, and its audio becomes the track', async ({
    page,
  }) => {
    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await page.getByLabel('Name').fill('Pier chase');
    const shot = (n: number) => page.getByRole('listitem', { name: `Shot ${n}` });
    await shot(1).getByLabel('Duration (seconds)').fill('6');
    await page.getByRole('button', { name: 'Add shot' }).click();
    await shot(2).getByLabel('Duration (seconds)').fill('5');
    await expect(page.getByTestId('timeline-total')).toContainText('11.0');

    const music = page.getByRole('group', { name: 'Music or voice track' });
    await music.getByRole('button', { name: 'Compose music' }).click();
    await music.getByLabel('What the music is like').fill('calm piano by the sea');
    await music.getByRole('button', { name: 'Compose 11 s of music' }).click();
    await expect(page.getByTestId('storyboard-music')).toHaveText('calm piano by the sea', {
      timeout: 30_000,
    });

    // The track is the task's result, and the local server made it as long as the cut.
    const src = await music.locator('audio').first().getAttribute('src');
    expect(src).toMatch(/\/files\//);
    const file = await download(page, src!, 'composed.mp3');
    expect(Math.abs(probe(file).duration - 11)).toBeLessThan(0.5);

    // Assembled with it: two shots side by side (no frame to take, so they run at once; 480p to
    // render and join quickly), and the cut carries the composed track over its whole length.
    await shot(1).getByRole('combobox', { name: 'Prompt' }).fill('the pier at dawn');
    await shot(2).getByRole('checkbox', { name: 'Continue from the last frame of shot 1' }).uncheck();
    await shot(2).getByRole('combobox', { name: 'Prompt' }).fill('gulls over the water');
    for (const n of [1, 2]) await shot(n).getByRole('radio', { name: '480p' }).check();
    await page.getByRole('button', { name: 'Run 2 shots' }).click();
    await page
      .getByRole('dialog', { name: 'Run 2 shots?' })
      .getByRole('button', { name: 'Run 2 shots' })
      .click();
    for (const n of [1, 2])
      await expect(page.getByTestId(`shot-status-${n}`).locator('[data-state]').first()).toHaveAttribute(
        'data-state',
        'succeeded',
        { timeout: 60_000 },
      );
    await page.getByRole('button', { name: 'Assemble into one MP4' }).click();
    const assembled = page.getByTestId('assembled');
    await expect(assembled).toBeVisible({ timeout: 60_000 });
    const cutUrl = await assembled.locator('video').first().getAttribute('src');
    const cut = probe(await download(page, cutUrl!, 'music-cut.mp4'));
    expect(cut.video).toBe(1);
    expect(cut.audio).toBe(1);
    expect(Math.abs(cut.duration - 11)).toBeLessThan(0.5);
    expect(Math.abs(cut.audioDuration - 11)).toBeLessThan(0.5);

    // Created through the one create-and-track path: the Task monitor lists it.
    await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
    await expect(page.getByText('calm piano by the sea').first()).toBeVisible();
  });
});
