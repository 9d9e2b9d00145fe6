import { readFileSync } from 'node:fs';
import { API_KEY, expect, test } from './support/test';

// Issue 11, errors a person understands: the group forms are checked in the page before any
// request, in the reader's language, announced on the field; a duplicate name is warned about.

// The keys this spec reads, named so that a renamed string fails to type-check here.
type Strings = {
  create: Record<'open' | 'submit' | 'title', string>;
  edit: Record<'submit' | 'title', string>;
  form: Record<'name', string>;
  issues: Record<'duplicateName' | 'nameRequired' | 'tooLong', string>;
};
const strings = (lang: string): Strings =>
  JSON.parse(readFileSync(new URL(`../src/locales/${lang}/groups.json`, import.meta.url), 'utf8')) as Strings;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

for (const lang of ['en', 'zh-CN']) {
  test(`group name: required, bounded by the server alone, a duplicate is warned about (${lang})`, async ({
    page,
    request,
  }) => {
    const s = strings(lang);
    const existing = `Existing ${lang} ${Date.now()}`;
    const made = await request.post('/v1/asset-groups', {
      headers: { Authorization: `Bearer ${API_KEY}` },
      data: { name: existing },
    });
    const existingId = ((await made.json()) as { id: string }).id;
    const other = `Other ${lang} ${Date.now()}`;
    await request.post('/v1/asset-groups', {
      headers: { Authorization: `Bearer ${API_KEY}` },
      data: { name: other },
    });
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() !== 'GET' && req.url().includes('/v1/asset-groups')) sent.push(req.method());
    });
    await page.goto('/groups');
    if (lang !== 'en') await page.getByRole('banner').getByLabel('Language').selectOption(lang);

    await page.getByRole('button', { name: s.create.open }).first().click();
    const dialog = page.getByRole('dialog', { name: s.create.title });
    const name = dialog.getByLabel(s.form.name, { exact: true });
    const submit = dialog.getByRole('button', { name: s.create.submit });
    await name.fill('   ');
    await submit.click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(s.issues.nameRequired);
    await expect(name).toBeFocused();
    expect(sent).toEqual([]);

    // No maximum in the page (decision 377, issue 44 §3): a 101-character name is sent, and the
    // counter shows its length alone.
    const longName = `Long ${lang} ${Date.now()} `.padEnd(101, 'x');
    await name.fill(longName);
    await expect(dialog.getByText('101', { exact: true })).toBeVisible();
    await submit.click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual(['POST']);

    // A name another group has: allowed by the API, so a warning tied to the field, not an error.
    await page.getByRole('button', { name: s.create.open }).first().click();
    await name.fill(other.toUpperCase());
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    const warning = fill(s.issues.duplicateName, { name: other.toUpperCase() });
    await expect(dialog.getByText(warning)).toBeVisible();
    await expect(name).toHaveAccessibleDescription(warning);
    await submit.click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual(['POST', 'POST']);

    // Renaming is checked the same way; the group's own name is not a duplicate of itself.
    await page.goto(`/groups/${existingId}`);
    const edit = page.getByRole('dialog', { name: s.edit.title });
    const editName = edit.getByLabel(s.form.name, { exact: true });
    await expect(editName).toHaveValue(existing);
    await expect(edit.getByText(fill(s.issues.duplicateName, { name: existing }))).toHaveCount(0);
    await editName.fill('');
    await edit.getByRole('button', { name: s.edit.submit }).click();
    await expect(editName).toHaveAccessibleDescription(s.issues.nameRequired);
    expect(sent).toEqual(['POST', 'POST']);
  });
}
