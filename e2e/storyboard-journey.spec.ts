import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { createGroup, uploadReadyImage } from './support/composer-fixtures';
import { API_KEY, expect, RUNTIME, test } from './support/test';

// Issue 42, "Done when": a short film made from a script. Script → three drafted shots, cast from
// the library, run, retake shot 2, pick its first take again, run only what is stale (after the
// confirmation), a music track, spoken lines and burned captions, assemble, the kept cut listed
// and played, the download named after the storyboard and probed.

const auth = { Authorization: `Bearer ${API_KEY}` };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storyboard-journey-'));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const shot = (page: Page, n: number) => page.getByRole('listitem', { name: `Shot ${n}`, exact: true });
const state = (page: Page, n: number) => page.getByTestId(`shot-status-${n}`).locator('[data-state]').first();
const taskOf = async (page: Page, n: number) =>
  (
    await shot(page, n)
      .getByRole('link', { name: /Open the task of shot/ })
      .textContent()
  )?.trim();
const succeeded = (page: Page, n: number) =>
  expect(state(page, n)).toHaveAttribute('data-state', 'succeeded', { timeout: 90_000 });

async function uploadMusic(request: APIRequestContext, group: string, name: string) {
  const res = await request.post('/v1/assets/uploads', {
    headers: auth,
    multipart: {
      type: 'audio',
      group_id: group,
      name,
      file: {
        name: 'sample.mp3',
        mimeType: 'audio/mpeg',
        buffer: fs.readFileSync(path.join(import.meta.dirname, 'fixtures/sample.mp3')),
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

function probe(file: string) {
  const out = JSON.parse(
    execFileSync(
      ffprobe.path,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      {
        encoding: 'utf8',
      },
    ),
  ) as { format: { duration: string }; streams: Array<{ codec_type: string }> };
  return {
    duration: Number(out.format.duration),
    video: out.streams.filter((s) => s.codec_type === 'video').length,
    audio: out.streams.filter((s) => s.codec_type === 'audio').length,
  };
}

/** A frame scaled down to 32x18 RGB: compared as a whole, so codec noise averages out. */
function thumb(file: string, which: 'first' | 'last'): Buffer {
  const out = `${file}-${which}.rgb`;
  const seek = which === 'last' ? ['-sseof', '-0.3'] : [];
  execFileSync(ffmpeg.path, [
    ...['-loglevel', 'error', '-y', ...seek, '-i', file, '-vf', 'scale=32:18', '-update', '1'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', out],
  ]);
  return fs.readFileSync(out);
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

async function resultOf(page: Page, request: APIRequestContext, n: number): Promise<string> {
  const src = await shot(page, n).getByLabel(`Result of shot ${n}`).getAttribute('src');
  const res = await request.get(src!);
  expect(res.ok(), `${src}: ${res.status()}`).toBe(true);
  const file = path.join(work, `shot-${n}-${Date.now()}.mp4`);
  fs.writeFileSync(file, await res.body());
  return file;
}

const SCRIPT = `INT. PIER - NIGHT
@hero runs along the pier.
MAYA: Wait for me!

The boat pulls away from the pier.
Camera: dolly out

@hero stands alone at the end of the pier.
"Too late."`;

const LONG_LINE =
  'She watches the boat disappear into the fog, and for a long while she does not move, because she knows that nobody is coming back for her tonight or any other night.';

test.describe('storyboard journey', () => {
  test(`script → shots → run → retake → pick → music, lines, captions → assemble → kept, played, downloaded ${RUNTIME}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(540_000);
    const group = await createGroup(request, `Journey ${Date.now()}`);
    const image = `hero-${Date.now()}.png`;
    await uploadReadyImage(request, group, image);
    const music = `theme-${Date.now()}`;
    await uploadMusic(request, group, music);

    // 1. Script → three drafted shots, edited before anything is created.
    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'Start from a script' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start from a script' });
    await dialog.getByLabel('Name').fill('Pier chase');
    await dialog.getByLabel('Script').fill(SCRIPT);
    await dialog.getByRole('button', { name: 'Split into shots' }).click();
    await expect(dialog.getByRole('list', { name: '3 drafted shots' })).toBeVisible();
    await expect(dialog.getByLabel('Line of shot 1')).toHaveValue('Wait for me!');
    await expect(dialog.getByLabel('Camera of shot 2')).toHaveValue('dolly-out');
    for (const n of [1, 2, 3]) await dialog.getByLabel(`Seconds of shot ${n}`).fill('4');
    await dialog.getByLabel('Prompt of shot 2').fill('The boat pulls away from the pier, @hero watching.');
    await dialog.getByRole('button', { name: 'Create the storyboard (3 shots)' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    await expect(page.getByLabel('Name')).toHaveValue('Pier chase');
    await expect(shot(page, 2).getByLabel('Camera move')).toHaveValue('dolly-out');
    await expect(page.getByTestId('timeline-total')).toHaveText('Total 12.0 s');

    // 2. The cast from the library.
    const cast = page.getByRole('region', { name: 'Cast' });
    await cast.getByRole('button', { name: 'Image' }).click();
    await cast.getByLabel('Alias of reference 1').fill('hero');
    await cast.getByRole('button', { name: 'Pick reference 1 from the library' }).click();
    const picker = page.getByRole('dialog', { name: 'Reference image from the library' });
    await picker.getByLabel('Group').selectOption(group);
    await picker.getByRole('button', { name: `Use ${image}` }).click();
    await expect(picker).toBeHidden();

    // 3. Run, after the confirmation; Cancel sends nothing.
    await page.getByRole('button', { name: 'Run 3 shots' }).first().click();
    const ask = page.getByRole('dialog', { name: 'Run 3 shots?' });
    await expect(ask).toContainText(/≈ [\d,]+ tokens for 3 shots/);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(state(page, 1)).toHaveCount(0);
    await page.getByRole('button', { name: 'Run 3 shots' }).first().click();
    await ask.getByRole('button', { name: 'Run 3 shots' }).click();
    for (const n of [1, 2, 3]) await succeeded(page, n);
    await expect(page.getByText('Every shot has a good, current take: nothing to run.')).toBeVisible();
    // An edited prompt puts the shot (the last: nothing continues from it) back in Run; undone, not.
    const prompt3 = shot(page, 3).getByRole('combobox', { name: 'Prompt' });
    const said = await prompt3.inputValue();
    await prompt3.fill(`${said} In the rain.`);
    await expect(shot(page, 3).getByText('Edited', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run 1 shot' }).first()).toBeVisible();
    await prompt3.fill(said);
    await expect(page.getByText('Every shot has a good, current take: nothing to run.')).toBeVisible();
    // The last frames are in the storyboard's own group, named after it; the default group has none.
    const groups = (await (await request.get('/v1/asset-groups', { headers: auth })).json()) as {
      data: Array<{ id: string; name?: string }>;
    };
    const frames = groups.data.find((g) => g.name === 'Storyboard · Pier chase');
    expect(frames, JSON.stringify(groups.data)).toBeDefined();
    const inGroup = (await (
      await request.get(`/v1/assets?group_id=${frames!.id}`, { headers: auth })
    ).json()) as { data: Array<{ name?: string }> };
    expect(inGroup.data.map((a) => a.name).sort()).toEqual([
      'Pier chase · last frame of shot 1',
      'Pier chase · last frame of shot 2',
    ]);
    const inDefault = (await (await request.get('/v1/assets', { headers: auth })).json()) as {
      data: Array<{ name?: string }>;
    };
    expect(inDefault.data.filter((a) => a.name?.includes('last frame'))).toEqual([]);
    // What each take was made with is shown under it.
    await expect(page.getByTestId('take-settings-2')).toContainText('video-2.0-cl · 4 s');
    await expect(page.getByTestId('take-settings-2')).toContainText('Dolly out');

    // 4. Retake shot 2: shot 3 goes stale, nothing else runs.
    const [first1, first2, first3] = [await taskOf(page, 1), await taskOf(page, 2), await taskOf(page, 3)];
    await shot(page, 2).getByRole('button', { name: 'Re-run shot 2' }).click();
    await succeeded(page, 2);
    expect(await taskOf(page, 2)).not.toBe(first2);
    await expect(shot(page, 3).getByText('Stale', { exact: true })).toBeVisible();
    expect([await taskOf(page, 1), await taskOf(page, 3)]).toEqual([first1, first3]);

    // 5. The first take of shot 2 again.
    const takes = shot(page, 2).getByRole('group', { name: 'Takes of shot 2' });
    await expect(takes.getByRole('button', { name: 'Take 2' })).toHaveAttribute('aria-pressed', 'true');
    await takes.getByRole('button', { name: 'Take 1' }).click();
    await expect(takes.getByRole('button', { name: 'Take 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(await taskOf(page, 2)).toBe(first2);

    // 6. Run only what is stale, after the confirmation.
    await page.getByRole('button', { name: 'Run 1 shot' }).first().click();
    const again = page.getByRole('dialog', { name: 'Run 1 shot?' });
    await expect(again.getByRole('list', { name: 'Shots this run sends' })).toContainText('Shot 3');
    await expect(again).toContainText('for 1 shot');
    await again.getByRole('button', { name: 'Run 1 shot' }).click();
    await succeeded(page, 3);
    expect(await taskOf(page, 3)).not.toBe(first3);
    expect(await taskOf(page, 2)).toBe(first2);
    // Continuity with the picked takes, as far as thumbnails show it: shot 2's first frame looks like
    // shot 1's end (0.3 s before it, 32x18, within a mean of 12 of 255), shot 3's like the end of
    // shot 2's first take. Looks like, not equals: each frame is read back from a compressed video.
    const results = [
      await resultOf(page, request, 1),
      await resultOf(page, request, 2),
      await resultOf(page, request, 3),
    ];
    expect(meanDifference(thumb(results[0]!, 'last'), thumb(results[1]!, 'first'))).toBeLessThan(12);
    expect(meanDifference(thumb(results[1]!, 'last'), thumb(results[2]!, 'first'))).toBeLessThan(12);

    // 7. Music from the library, spoken lines (a line longer than its shot is warned about), captions burned.
    await page.getByRole('button', { name: 'Pick a track from the library' }).click();
    const tracks = page.getByRole('dialog', { name: 'A track from the library' });
    await tracks.getByLabel('Group').selectOption(group);
    await tracks.getByRole('button', { name: `Use ${music}` }).click();
    await expect(page.getByTestId('storyboard-music')).toHaveText(music);
    await shot(page, 1).getByRole('button', { name: 'Speak the line of shot 1' }).click();
    await expect(page.getByTestId('spoken-length-1')).toContainText(/Spoken: \d+\.\d s/, { timeout: 30_000 });
    const line3 = shot(page, 3).getByLabel('Spoken line', { exact: true });
    await line3.fill(LONG_LINE);
    await shot(page, 3).getByRole('button', { name: 'Speak the line of shot 3' }).click();
    await expect(shot(page, 3).getByRole('alert')).toContainText(
      /Shot 3: the spoken line lasts \d+\.\d s, longer than the shot \(4 s\)/,
      {
        timeout: 30_000,
      },
    );
    await line3.fill('Too late.');
    await shot(page, 3).getByRole('button', { name: 'Speak the line of shot 3 again' }).click();
    await expect(page.getByTestId('spoken-length-3')).toBeVisible({ timeout: 30_000 });
    await expect(shot(page, 3).getByRole('alert')).toHaveCount(0);
    await shot(page, 2).getByLabel('Caption').fill('The boat leaves.');
    await page.getByLabel('Burn the captions into the picture').check();

    // 8. Assemble: the cut plays with its WebVTT, and is kept in the list.
    await page.getByRole('button', { name: 'Assemble into one MP4' }).click();
    const assembled = page.getByTestId('assembled');
    // Burned captions re-encode the picture: slow on a busy two-core machine.
    await expect(assembled).toBeVisible({ timeout: 300_000 });
    const vttUrl = await assembled.locator('video track[kind="captions"]').getAttribute('src');
    expect(vttUrl).toBeTruthy();
    const vtt = await (await request.get(vttUrl!)).text();
    // One cue per line, each starting at its shot's start (three 4 s shots, cut).
    const starts = [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d\d\d) --> /gm)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    );
    expect(vtt).toContain('Wait for me!');
    expect(vtt).toContain('The boat leaves.');
    expect(vtt).toContain('Too late.');
    expect(starts).toHaveLength(3);
    starts.forEach((start, i) => expect(start).toBeCloseTo(i * 4, 1));
    const kept = page.getByRole('list', { name: 'Assembled cuts' });
    await expect(kept.getByRole('listitem')).toHaveCount(1);
    await expect(kept.getByRole('listitem').first()).toContainText('Shot 2: take 1');
    await expect(kept.getByRole('listitem').first()).toContainText('3 captions, burned in');
    await kept.getByRole('button', { name: 'Play Cut 1' }).click();
    const played = kept.getByRole('listitem').first().locator('video');
    await expect(played).toBeVisible();
    await expect
      .poll(() => played.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // 9. Download: named after the storyboard; one video and one audio stream of the cut's length.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      assembled.getByRole('button', { name: 'Download MP4' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Pier chase.mp4');
    const file = path.join(work, 'cut.mp4');
    await download.saveAs(file);
    const probed = probe(file);
    expect(probed.video).toBe(1);
    expect(probed.audio).toBe(1);
    expect(probed.duration).toBeGreaterThan(11.5);
    expect(probed.duration).toBeLessThan(12.6);
  });
});
