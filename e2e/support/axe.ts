import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * What AxeBuilder evaluates in the page as "axe-core's source" once axe is there: nothing. Left to
 * itself it evaluates the whole 650 KB source twice per audit (once in `analyze`, once more to inject
 * it into each frame), about 0.15 s each on a 2-core machine, in pages that already have it.
 */
const AXE_ALREADY_IN_PAGE = 'void 0';

/**
 * axe-core's serious and critical violations of WCAG 2.1 A and AA on the page as it is now (or
 * within one selector), one line each: the rule, its impact and help, then the first few elements
 * with what axe found wrong with them, so a failing `toEqual([])` says what to fix.
 *
 * Legacy mode runs axe.run() in the page itself. The default (runPartial, then finishRun in a
 * blank page it opens in the context) exists for cross-origin frames, which the dashboard has
 * none of; it cost twice the time of every audit (about 2.8 s against 1.3 s on a 2-core machine),
 * for the same rules and the same results.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  // Once per page (a navigation starts a new window without it). The dashboard has no frames, so
  // the main frame is the only one to inject into.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const builder = new AxeBuilder({ page, axeSource: AXE_ALREADY_IN_PAGE })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode();
  // Colours at rest: a toast fading in, or a hover colour fading out, is read at its end value,
  // however fast the machine reaches the audit (a fast one once read a fade half-way).
  const release = await holdTransitions(page);
  const results = await (within ? builder.include(within) : builder).analyze().finally(release);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} elements): ${v.help}${v.nodes
          .slice(0, 3)
          .map((n) => `\n    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
          .join('')}`,
    );
}

/**
 * The serious and critical violations in the light theme, then in the dark one, of the page as it
 * is now: the system preference is switched in place (the dashboard follows it while its theme is
 * "System", src/lib/theme.ts), so one page load, and whatever dialog is open, serves both audits.
 * Each line starts with its theme. The page is left in the light theme.
 */
export async function seriousViolationsInBothThemes(
  page: Page,
  within?: string,
  /** What else must have followed the theme before the audit (a toaster's own theme, say). */
  settled?: (colorScheme: 'light' | 'dark') => Promise<void>,
): Promise<string[]> {
  const found: string[] = [];
  // Colours are audited at rest: with transitions off while the theme switches, nothing can be
  // read half-way. (Finishing the running ones was not enough: a colour whose transition began
  // after that, in a later style change of the switch, was audited at its start value, the
  // light theme's text on the dark sidebar.)
  const release = await holdTransitions(page);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction(
      (dark) => document.documentElement.classList.contains('dark') === dark,
      colorScheme === 'dark',
    );
    await settled?.(colorScheme);
    found.push(...(await seriousViolations(page, within)).map((v) => `${colorScheme}: ${v}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await release();
  return found;
}

/**
 * Turns every transition off in the page until the returned release is called. A constructed
 * sheet: the page's CSP refuses an inline <style>, not the CSSOM.
 */
async function holdTransitions(page: Page): Promise<() => Promise<void>> {
  const sheet = await page.evaluateHandle(() => {
    const still = new CSSStyleSheet();
    still.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    return still;
  });
  return async () => {
    await sheet
      .evaluate((still) => {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== still);
      })
      // The page may have navigated meanwhile: nothing left to release.
      .catch(() => undefined);
    await sheet.dispose().catch(() => undefined);
  };
}
