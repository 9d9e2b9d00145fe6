import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/test';

// Toasts and dialogs come and go by animation: here with motion on, as most people see them
// (the suite's default is reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

// Issue 34, point 2: toasts help instead of cover. They sit where no control is (not over Export and
// Import on Tasks, nor over the playground's API format box), stay while hovered or focused, and
// pass axe in both themes with nothing skipped. (Naming, grouping and durations: the unit tests of
// src/features/tasks/finished-group.test.ts.)

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

/** The scripts each page loads, recorded from the test's side (the page's clock may be faked). */
const scriptsOf = new WeakMap<Page, string[]>();
function recordScripts(page: Page) {
  const urls: string[] = [];
  scriptsOf.set(page, urls);
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') urls.push(r.url());
  });
}

/**
 * Shows toasts through the app's own sonner module (the same module instance the app's Toaster
 * listens to), found among the scripts the page loaded; any toast already shown is dismissed first.
 */
async function showToasts(
  page: Page,
  toasts: { kind: Kind; title: string; description?: string; action?: string }[],
) {
  // The Toaster mounts once the page is idle; its region is there before any toast.
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached({ timeout: 30_000 });
  await page.evaluate(
    async ({ list, urls }) => {
      for (const url of urls) {
        if (!(await (await fetch(url)).text()).includes('data-sonner-toaster')) continue;
        const mod = (await import(url)) as Record<string, unknown>;
        const toast = Object.values(mod).find((v) => typeof v === 'function' && 'success' in v) as
          | (((title: string, o: object) => void) & Record<string, (title?: string, o?: object) => void>)
          | undefined;
        if (!toast) continue;
        toast.dismiss!();
        for (const t of list) {
          const options = {
            description: t.description,
            duration: 10_000,
            ...(t.action ? { action: { label: t.action, onClick: () => undefined } } : {}),
          };
          if (t.kind === 'message') toast(t.title, options);
          else toast[t.kind]!(t.title, options);
        }
        return;
      }
      throw new Error('sonner is not among the loaded scripts');
    },
    { list: toasts, urls: scriptsOf.get(page) ?? [] },
  );
}

test.beforeEach(({ page }) => recordScripts(page));

const toastList = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');

/** The two boxes share no pixel. */
async function expectApart(a: Locator, b: Locator) {
  const [ra, rb] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap =
    ra.x < rb.x + rb.width && rb.x < ra.x + ra.width && ra.y < rb.y + rb.height && rb.y < ra.y + ra.height;
  expect(overlap, `${JSON.stringify(ra)} overlaps ${JSON.stringify(rb)}`).toBe(false);
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`on a ${viewport.name}, a stack of toasts covers neither Export/Import on Tasks nor the API format box`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await showToasts(page, [
      { kind: 'success', title: 'Task succeeded', description: 'Avatar test', action: 'Open' },
      { kind: 'warning', title: '3 tasks finished', description: '2 succeeded, 1 failed', action: 'Open' },
      { kind: 'error', title: 'Task failed', description: 'A lighthouse that breaks' },
    ]);
    await expect(toastList(page)).toHaveCount(3);
    for (const item of await toastList(page).all()) {
      for (const control of [
        page.getByRole('button', { name: 'Export', exact: true }),
        page.getByRole('button', { name: 'Import', exact: true }),
      ]) {
        await expectApart(item, control);
      }
    }

    await page.goto('/playground');
    await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await showToasts(page, [
      { kind: 'success', title: 'Task succeeded', description: 'Avatar test', action: 'Open' },
    ]);
    await expect(toastList(page)).toHaveCount(1);
    await expectApart(toastList(page).first(), page.getByLabel('API format'));
    // On a phone the open settings take the conversation's place: back to it, the toast still shown.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Back to the chat' }).click();
    await expectApart(toastList(page).first(), page.getByRole('button', { name: 'Send', exact: true }));
    await expectApart(toastList(page).first(), page.getByLabel('Message', { exact: true }));
  });
}

test('a toast with an action stays while the pointer or the keyboard is on it, and goes after', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.clock.runFor(5_000);
  await showToasts(page, [
    { kind: 'success', title: 'Task succeeded', description: 'Avatar test', action: 'Open' },
  ]);
  const toast = toastList(page).filter({ hasText: 'Avatar test' });
  await expect(toast).toBeVisible();

  // Reached with the keyboard, as sonner's own hotkey (Alt+T) and Tab do: the toast waits.
  await toast.getByRole('button', { name: 'Open' }).focus();
  await page.clock.runFor(30_000);
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Open' })).toBeFocused();

  // Under the pointer: it waits too.
  await page.getByRole('heading', { level: 1, name: 'Tasks' }).click();
  await toast.hover();
  await page.clock.runFor(30_000);
  await expect(toast).toBeVisible();

  // Left alone, it goes once its time is up.
  await page.mouse.move(900, 450);
  await page.clock.runFor(12_000);
  await expect(toast).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`toasts of every kind pass axe in the ${colorScheme} theme, the toaster audited with the page`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const batch of [
      ['success', 'error', 'warning'],
      ['info', 'message'],
    ] as const) {
      await showToasts(
        page,
        batch.map((kind) => ({ kind, title: `A ${kind} toast`, description: 'Avatar test', action: 'Open' })),
      );
      const shown = toastList(page);
      await expect(shown).toHaveCount(batch.length);
      // Expanded and still, as when a person reads them.
      await shown.first().hover();
      for (const item of await shown.all()) {
        await expect(item).toHaveCSS('opacity', '1');
        // A toast behind the front one fades its content in (sonner: `> *`, 400 ms) as the stack
        // expands, after the toast itself is opaque: audited half faded, its text failed contrast.
        await expect
          .poll(() =>
            item.evaluate((el) => [...el.children].every((c) => getComputedStyle(c).opacity === '1')),
          )
          .toBe(true);
      }
      expect(await seriousViolations(page), batch.join(', ')).toEqual([]);
      await page.mouse.move(900, 450);
    }
  });
}
