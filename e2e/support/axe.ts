import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's serious and critical violations of WCAG 2.1 A and AA on the page as it is now (or
 * within one selector), one line each: the rule, its impact and help, then the first few elements
 * with what axe found wrong with them, so a failing `toEqual([])` says what to fix.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
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
