import { readFileSync } from 'node:fs';
import { expect, fixtureOrigin, test } from './support/test';

// Issue 11, errors a person understands: the register form is checked in the page before any
// request, with messages in the reader's language, announced on the field.

// The keys this spec reads, named so that a renamed string fails to type-check here. The page's
// button is in the library's strings; the dialog's are its own, loaded with its code (decision 265).
type Register = Record<'name' | 'submit' | 'title' | 'url', string>;
type Issues = Record<'tooLong' | 'urlInvalid' | 'urlRequired' | 'urlScheme' | 'urlTooLong', string>;
const locale = <T>(lang: string, ns: string): T =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as T;
const strings = (lang: string): { register: Register & { open: string; errors: Issues } } => {
  const own = locale<{ register: Register; issues: Issues }>(lang, 'asset-register');
  return {
    register: {
      ...own.register,
      errors: own.issues,
      open: locale<{ register: { open: string } }>(lang, 'assets').register.open,
    },
  };
};
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

for (const lang of ['en', 'zh-CN']) {
  test(`register by URL: a missing, non-http(s) or too long URL is refused in the page (${lang})`, async ({
    page,
  }) => {
    const s = strings(lang).register;
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/v1/assets/uploads')) posts += 1;
    });
    await page.goto('/assets');
    if (lang !== 'en') await page.getByRole('banner').getByLabel('Language').selectOption(lang);
    await page.getByRole('button', { name: s.open }).first().click();
    const dialog = page.getByRole('dialog', { name: s.title });
    const url = dialog.getByLabel(s.url);
    const submit = dialog.getByRole('button', { name: s.submit, exact: true });

    await url.fill('');
    await submit.click();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await expect(url).toHaveAccessibleDescription(s.errors.urlRequired);
    // The first wrong field takes focus, so a keyboard or screen reader user lands on the problem.
    await expect(url).toBeFocused();

    await url.fill('ftp://example.com/cat.png');
    await submit.click();
    await expect(url).toHaveAccessibleDescription(fill(s.errors.urlScheme, { scheme: 'ftp' }));

    await url.fill('example.com/cat.png');
    await submit.click();
    await expect(url).toHaveAccessibleDescription(s.errors.urlInvalid);

    const long = `https://example.com/${'a'.repeat(2100)}.png`;
    await url.fill(long);
    await submit.click();
    await expect(url).toHaveAccessibleDescription(
      fill(s.errors.urlTooLong, { length: long.length, max: 2048 }),
    );
    await expect(dialog.getByRole('alert')).toHaveText(
      fill(s.errors.urlTooLong, { length: long.length, max: 2048 }),
    );

    // Fixing the field takes the message away at once; nothing was sent until then.
    await url.fill(`${fixtureOrigin()}/valid.png`);
    await expect(url).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    expect(posts).toBe(0);

    // A name is bounded by the server alone (decision 377, issue 44 §3): a long one is not refused
    // in the page, and its counter shows a length with no maximum.
    const name = dialog.getByLabel(s.name);
    const longName = 'n'.repeat(201);
    await name.fill(longName);
    await expect(dialog.getByText('201', { exact: true })).toBeVisible();
    await submit.click();
    await expect(page.getByRole('dialog', { name: longName })).toBeVisible();
    expect(posts).toBe(1);
  });
}
