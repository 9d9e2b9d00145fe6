import type { Page } from '@playwright/test';
import { expect, RUNTIME, test } from './support/test';

// Every page at a 390 px phone: nothing wider than the screen, the header in one row. And scroll
// as the browser keeps it for ordinary sites: a new page opens at its top, Back returns where you were.
const PAGES = [
  '/assets',
  '/groups',
  '/composer',
  '/create/digital-human',
  '/create/music',
  '/tasks',
  '/playground',
  '/playground?tool=embeddings',
  '/playground?tool=speech',
  '/playground?tool=transcription',
  '/settings',
];

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of PAGES) {
    test(`${path} has no horizontal scroll and a one-row header`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The h1 paints before a page's lazily loaded parts (the playground's tool, a form) have come
      // and laid out; a single read at the h1 measured a page still being built. Waited for as a
      // condition: the settled page fits the width, with the header in one row of about 48 px.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const width = document.documentElement.scrollWidth;
            const mainTop = document.getElementById('main')!.getBoundingClientRect().top + window.scrollY;
            return { fits: width <= 390, oneRow: mainTop < 60, width, mainTop };
          }),
        )
        .toMatchObject({ fits: true, oneRow: true });
    });
  }

  test('a group named by one long unbroken word wraps on its card instead of widening the page', async ({
    page,
    request,
  }) => {
    // Names have no length limit in the browser (decision 377): a 150-character word once pushed
    // /groups wider than the phone whenever another test had made such a group first.
    const name = `Long${'x'.repeat(150)}${Date.now()}`;
    const res = await request.post('/v1/asset-groups', {
      headers: { Authorization: 'Bearer sk-local-dev' },
      data: { name, description: 'y'.repeat(150) },
    });
    expect(res.ok()).toBe(true);
    await page.goto('/groups');
    await expect(page.getByText(name)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
  });

  test('the library shows its first asset within the first screen', async ({ page, request }) => {
    const res = await request.post('/v1/assets/uploads', {
      headers: { Authorization: 'Bearer sk-local-dev' },
      multipart: { file: { name: 'phone.txt', mimeType: 'text/plain', buffer: Buffer.from('phone') } },
    });
    expect(res.ok()).toBe(true);
    await page.goto('/assets');
    await expect(page.getByText('phone.txt').first()).toBeInViewport();
    // The filters are one tap away, and say when some are on.
    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.click();
    await page.getByLabel('Type').selectOption({ label: 'File' });
    await expect(page.getByRole('button', { name: 'Filters (1 on)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

/** The window's scroll position once it has not moved for 20 frames. */
function stillScrollY(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = -1;
        let still = 0;
        const check = () => {
          const y = Math.round(window.scrollY);
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= 20) resolve(y);
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

test('a new page opens at its top, and Back returns to where the previous one was left', async ({
  page,
  request,
}) => {
  for (let i = 0; i < 30; i++) {
    const res = await request.post('/v1/assets/uploads', {
      headers: { Authorization: 'Bearer sk-local-dev' },
      multipart: { file: { name: `scroll-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`n${i}`) } },
    });
    expect(res.ok()).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/assets?paging=scroll');
  await expect(page.getByText('scroll-29.txt').first()).toBeAttached();
  // The upload area is drawn the same before and after its code (react-dropzone) arrives
  // (decision 240); its button works from the first paint.
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeEnabled();
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  // Where the page is left once it is still: code that arrives after the paint (react-dropzone) can
  // shift the layout and the browser's scroll anchoring with it, a few pixels after the wheel.
  const left = await stillScrollY(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Asset library' })).toBeAttached();
  // Exactly where it was left (decision 303). It once came back 8 px low: the position was restored
  // before the upload area's late code added 8 px above the list, and the last movement before a
  // click was filed a frame late under the next entry.
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(left);
  // Read once the page is still, as `left` was: a late shift would show here.
  expect(await stillScrollY(page)).toBe(left);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInViewport();
});

test(
  'library cards give an audio file its duration and an image its pixel size',
  { tag: RUNTIME },
  async ({ page, request }) => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const fixtures = path.join(import.meta.dirname, 'fixtures');
    for (const [name, mimeType] of [
      ['sample.mp3', 'audio/mpeg'],
      ['sample.png', 'image/png'],
    ] as const) {
      const res = await request.post('/v1/assets/uploads', {
        headers: { Authorization: 'Bearer sk-local-dev' },
        multipart: { file: { name, mimeType, buffer: fs.readFileSync(path.join(fixtures, name)) } },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
    await page.goto('/assets');
    const card = (name: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Open details of ${name}` }) });
    await expect(card('sample.mp3')).toContainText(/Audio · .+ · \d+:\d{2}/);
    await expect(card('sample.png')).toContainText(/Image · .+ · \d+×\d+/);
  },
);

// Issue 34, point 10: the Tasks page once opened at the composer's scroll position after a batch
// was created. A created batch is a new navigation (PUSH), which opens at the top (decision 170);
// measured on a phone, where the composer is several screens tall and the button is far down.
test('after "Create 3 tasks" the Tasks page opens at its top, not at the composer\'s scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/composer');
  await page.getByRole('combobox', { name: 'Prompt' }).fill('A paper boat drifts down a rainy street');
  await page.getByLabel('Duration (seconds)').fill('4');
  await page.getByRole('radio', { name: '480p' }).check();
  await page.getByRole('checkbox', { name: 'Create variations' }).click();
  await page.getByLabel('Vary').selectOption('model');
  await page.getByRole('button', { name: 'Add a variant' }).click();
  await page.getByLabel('Model of variant 3').selectOption('video-2.0-cl-mini');
  const create = page.getByRole('button', { name: 'Create 3 tasks' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const left = await stillScrollY(page);
  expect(left).toBeGreaterThan(400);

  await create.click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('region', { name: 'Batch of 3 variations' })).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeInViewport();
  expect(await stillScrollY(page)).toBe(0);
});
