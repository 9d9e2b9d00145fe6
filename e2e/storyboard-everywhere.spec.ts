import { storedRecords } from './support/indexed-db';
import { useOwnServer } from './support/own-server';
import { runLocks } from './support/run-locks';
import type { Page } from '@playwright/test';
import { API_KEY, expect, test } from './support/test';

const shot = (page: Page, n: number) => page.getByRole('listitem', { name: `Shot ${n}` });

/** Types one prompt per shot on the open storyboard, adding a shot after the first. */
async function fillShots(page: Page, prompts: string[]) {
  for (const [i, text] of prompts.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add shot' }).click();
    await shot(page, i + 1)
      .getByRole('combobox', { name: 'Prompt' })
      .fill(text);
  }
}

// A storyboard's run is not bound to its page: its progress shows on every page through the task
// watcher, and a reload on another page mid-run takes it up again there (the next shot's frame is
// taken, registered and sent without the storyboard page ever being opened again).

test.describe('storyboard run followed from another page', () => {
  // Slow enough that a shot takes seconds: the reload lands while the run is under way.
  const server = useOwnServer({ API_KEYS: API_KEY, EMULATOR_SPEED: '4' });

  test('progress on the Tasks page, a reload there mid-run, and the run finishes there', async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto(`${server.url}/storyboard`);
    const prompt = page.getByRole('form', { name: 'An API key is needed' });
    await prompt.getByLabel('API key').fill(API_KEY);
    await prompt.getByRole('button', { name: 'Connect' }).click();

    await page.getByRole('button', { name: 'New storyboard' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    const boardUrl = page.url();
    await page.getByLabel('Name').fill('Pier');
    await fillShots(page, ['a boat leaves the pier', 'the boat turns', 'the boat is gone']);
    // Shot 2's POST reaches the server, which makes its task, but its answer never reaches the
    // page: the reload below cuts it off. Sent again under its send key, it gets that same task
    // (decision 640), never a second one.
    let posts = 0;
    let heldTask: string | undefined;
    await page.route('**/v1/videos', async (route) => {
      posts += 1;
      if (posts !== 2) return route.continue();
      const answer = await route.fetch();
      heldTask = ((await answer.json()) as { id: string }).id;
    });
    await page.getByRole('button', { name: 'Run 3 shots' }).click();
    await page
      .getByRole('dialog', { name: 'Run 3 shots?' })
      .getByRole('button', { name: 'Run 3 shots' })
      .click();

    // Another page: the strip names the storyboard and counts its shots.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Tasks/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    const runs = page.getByRole('region', { name: 'Storyboard runs' });
    await expect(runs.getByRole('status')).toHaveText(/^Storyboard “Pier”: [0-2]\/3 shots done$/);
    await expect(runs.getByRole('progressbar', { name: 'Progress of storyboard “Pier”' })).toBeVisible();

    // Shot 1 done, shots 2 and 3 still to come: the tab goes away here.
    await expect(runs.getByRole('status')).toHaveText('Storyboard “Pier”: 1/3 shots done', {
      timeout: 90_000,
    });
    await expect.poll(() => heldTask, { timeout: 60_000 }).toBeDefined();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();

    // Back on the Tasks page, never on the storyboard's: the run goes on and ends there.
    await expect(runs.getByRole('status')).toHaveText('Storyboard “Pier” finished: 3/3 shots done', {
      timeout: 150_000,
    });
    await expect(page).toHaveURL(/\/tasks$/);

    // The monitor groups the run as the storyboard's shots, in shot order, not as variations. (A
    // shot whose task the reload cut off mid-creation may have a retake, listed after it.)
    const shots = page.getByRole('region', { name: 'Storyboard “Pier”: 3 shots' });
    await expect(shots.getByRole('link', { name: 'Open storyboard' })).toHaveAttribute(
      'href',
      new URL(boardUrl).pathname,
    );
    const rows = (await shots.getByRole('link', { name: /^Shot \d/ }).allTextContents()).filter(
      (row) => !row.includes('retake'),
    );
    expect(rows).toEqual([
      'Shot 1 · a boat leaves the pier',
      'Shot 2 · the boat turns',
      'Shot 3 · the boat is gone',
    ]);
    await expect(page.getByRole('region', { name: /^Batch of/ })).toHaveCount(0);
    // Shot 2 is the task its cut-off POST made, sent again under its key: no retake of it.
    await expect(shots.getByRole('link', { name: /^Shot 2/ })).toHaveCount(1);
    await expect(shots.getByRole('link', { name: /^Shot 2/ })).toHaveAttribute('href', `/tasks/${heldTask}`);

    // The frames taken after the reload went through the API as image assets, in the storyboard's
    // group, named in words the resumed run had to load (the storyboard page was never opened). (A
    // frame whose upload the reload cut off may be registered twice: the browser never learnt the
    // first one's id.)
    const auth = { authorization: `Bearer ${API_KEY}` };
    const groups = (await (
      await page.request.get(`${server.url}/v1/asset-groups`, { headers: auth })
    ).json()) as { data: Array<{ id: string; name?: string }> };
    const group = groups.data.find((g) => g.name === 'Storyboard · Pier');
    expect(group, JSON.stringify(groups.data)).toBeDefined();
    const assets = (await (
      await page.request.get(`${server.url}/v1/assets?type=image&group_id=${group!.id}`, { headers: auth })
    ).json()) as {
      data: Array<{ name?: string }>;
    };
    expect(assets.data.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Pier · last frame of shot 1', 'Pier · last frame of shot 2']),
    );

    await runs.getByRole('link', { name: 'Open storyboard' }).click();
    await expect(page).toHaveURL(boardUrl);
    for (const n of [1, 2, 3])
      await expect(page.getByTestId(`shot-status-${n}`).locator('[data-state]').first()).toHaveAttribute(
        'data-state',
        'succeeded',
      );
    // Its own page shows its own progress: the strip leaves it out.
    await expect(page.getByRole('region', { name: 'Storyboard runs' })).toHaveCount(0);

    // Elsewhere the ended run stays until dismissed.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Tasks/ })
      .click();
    await runs.getByRole('button', { name: 'Dismiss “Pier”' }).click();
    await expect(runs).toHaveCount(0);
  });
});

// Issue 42's known race: two tabs of one browser both resumed one run, and each sent its shots.
// One tab runs a board (src/lib/run-lock.ts): the other says so and sends nothing until it ends.
test.describe('storyboard run in two tabs', () => {
  const server = useOwnServer({ API_KEYS: API_KEY, EMULATOR_SPEED: '4' });

  test('a second tab of the same run sends nothing, then takes the run up when the first closes; each shot is sent once', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const sent: string[] = [];
    const prompts: string[] = [];
    const count = (p: Page, tab: string) =>
      p.on('request', (req) => {
        if (req.method() !== 'POST' || new URL(req.url()).pathname !== '/v1/videos') return;
        sent.push(tab);
        prompts.push((req.postDataJSON() as { prompt: string }).prompt);
      });
    count(page, 'first');
    await page.goto(`${server.url}/storyboard`);
    const prompt = page.getByRole('form', { name: 'An API key is needed' });
    await prompt.getByLabel('API key').fill(API_KEY);
    // Kept on this device, so that the second tab is connected too.
    await prompt.getByLabel('Remember on this device').check();
    await prompt.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await expect(page).toHaveURL(/\/storyboard\/sb-/);
    await fillShots(page, ['a kite rises', 'the kite dips', 'the kite lands']);
    await page.getByRole('button', { name: 'Run 3 shots' }).click();
    await page
      .getByRole('dialog', { name: 'Run 3 shots?' })
      .getByRole('button', { name: 'Run 3 shots' })
      .click();
    await expect.poll(() => sent.length).toBe(1);

    const second = await context.newPage();
    count(second, 'second');
    await second.goto(page.url());
    const elsewhere = second.getByTestId('storyboard-elsewhere').filter({ visible: true });
    await expect(elsewhere).toContainText('running in another tab');
    await expect(second.getByRole('button', { name: /^(Run|Stop)\b/ })).toHaveCount(0);
    // The person edits shot 3 in the waiting tab: the running tab's writes keep the edit, and
    // this tab's write keeps the running tab's task ids (decision 550).
    await second
      .getByRole('listitem', { name: 'Shot 3' })
      .getByRole('combobox', { name: 'Prompt' })
      .fill('the kite lands softly');
    // The edit is kept where both tabs read (IndexedDB), and the second tab's claim still waits
    // behind the first's: it sent nothing for the edit and can send nothing until the first lets go.
    await expect
      .poll(async () =>
        JSON.stringify(await storedRecords(second, 'media-studio-storyboards', 'storyboards')),
      )
      .toContain('the kite lands softly');
    await expect.poll(() => runLocks(second, 'storyboard')).toEqual({ held: 1, pending: 1 });
    expect(sent.filter((tab) => tab === 'second')).toEqual([]);
    // On another page of the waiting tab, the strip shows the first tab's run, saying where it runs
    // (decision 650); back on the board, the page shows it as before.
    await second
      .getByRole('navigation')
      .getByRole('link', { name: /^Tasks/ })
      .click();
    await expect(second.getByRole('region', { name: 'Storyboard runs' }).getByRole('status')).toHaveText(
      /, running in another tab: [0-2]\/3 shots done$/,
    );
    await second.goBack();
    // The waiting tab shows the run as the first tab writes it, with no reload (decision 610).
    await expect(second.getByTestId('shot-status-1').locator('[data-state]').first()).toHaveAttribute(
      'data-state',
      'succeeded',
      { timeout: 90_000 },
    );
    await expect(elsewhere).toContainText('running in another tab');
    expect(sent.filter((tab) => tab === 'second')).toEqual([]);

    await page.close();
    await expect(elsewhere).toHaveCount(0, { timeout: 15_000 });
    for (const n of [1, 2, 3])
      await expect(second.getByTestId(`shot-status-${n}`).locator('[data-state]').first()).toHaveAttribute(
        'data-state',
        'succeeded',
        { timeout: 120_000 },
      );
    // Every shot was sent once, by one tab or the other, shot 3 as edited in the second tab.
    expect(sent).toHaveLength(3);
    expect(prompts).toEqual(['a kite rises', 'the kite dips', 'the kite lands softly']);
  });
});

test.describe('storyboard shots by pointer', () => {
  test('a shot dragged by its handle onto another takes its place', async ({ page }) => {
    // Tall enough for three shot cards at once: the drag here proves the drop, not autoscroll.
    await page.setViewportSize({ width: 1440, height: 4800 });
    await page.goto('/storyboard');
    await page.getByRole('button', { name: 'New storyboard' }).click();
    await fillShots(page, ['first', 'second', 'third']);

    // Shot 3's handle dropped on shot 1: the order becomes third, first, second.
    await page.getByRole('button', { name: 'Move shot 3 of 3' }).dragTo(shot(page, 1));
    await expect(shot(page, 1).getByRole('combobox', { name: 'Prompt' })).toHaveText('third');
    await expect(shot(page, 2).getByRole('combobox', { name: 'Prompt' })).toHaveText('first');
    await expect(shot(page, 3).getByRole('combobox', { name: 'Prompt' })).toHaveText('second');
    await expect(page.getByText('Shot 3 moved to position 1.')).toBeAttached();

    // And back down: shot 1's handle dropped on shot 3.
    await page.getByRole('button', { name: 'Move shot 1 of 3' }).dragTo(shot(page, 3));
    await expect(shot(page, 1).getByRole('combobox', { name: 'Prompt' })).toHaveText('first');
    await expect(shot(page, 3).getByRole('combobox', { name: 'Prompt' })).toHaveText('third');
  });
});
