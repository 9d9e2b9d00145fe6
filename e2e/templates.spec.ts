import { expect, test } from './support/test';

// The prompt library (issue 45, section 1), driven as a person would: controls by role and label.
// Each test starts with an empty browser profile, so the library and the composer's draft are empty.
test.describe('prompt library', () => {
  test('a template with two variables is saved, edited into version 2, compared, restored, and inserted', async ({
    page,
  }) => {
    await page.goto('/composer');
    const prompt = page.getByRole('combobox', { name: 'Prompt' });
    await prompt.fill('A {{animal}} walks through {{place}}');

    // Save: the whole request, a default for each variable.
    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel('Name').fill('Walk');
    await save.getByLabel('Tags (comma-separated)').fill('animals, demo');
    await save.getByLabel('Default for animal').fill('fox');
    await save.getByLabel('Default for place').fill('a forest');
    await save.getByRole('button', { name: 'Save template' }).click();
    await expect(save).toBeHidden();
    await expect(page.getByText('Saved “Walk”, version 1')).toBeVisible();

    // Edit into version 2 on the templates page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
    const card = page.getByRole('article', { name: 'Walk' });
    await expect(card).toContainText('1 version');
    await expect(card).toContainText('{{animal}} {{place}}');
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit “Walk”' });
    await edit.getByLabel('prompt', { exact: true }).fill('A {{animal}} runs across {{place}} at dusk');
    await edit.getByRole('button', { name: 'Save version' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('2 versions');

    // Compare version 1 with version 2: the prompt differs, word by word.
    await card.getByRole('button', { name: 'Versions' }).click();
    const compare = card.getByRole('region', { name: 'Compare versions' });
    await expect(compare.getByLabel('Compare')).toHaveValue('1');
    await expect(compare.getByLabel('with')).toHaveValue('2');
    await expect(compare.getByRole('status')).toHaveText('1 field differs: prompt');
    const promptRow = compare.getByRole('row', { name: /prompt/ });
    await expect(promptRow).toHaveAttribute('data-differs', 'true');
    await expect(promptRow.locator('ins')).toContainText(['runs']);
    await expect(promptRow.locator('del')).toContainText(['walks']);
    // On a phone both versions are in view: the newer one is not left to a sideways scroll.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    // Read until the page has laid itself out at the new width: one read right after the resize once
    // caught the desktop layout (a CI run, 566 px) that the screenshot a moment later no longer showed.
    const newer = compare.getByRole('columnheader', { name: 'Version 2' });
    await expect
      .poll(async () => {
        const box = (await newer.boundingBox())!;
        return box.x + box.width;
      })
      .toBeLessThanOrEqual(390);
    await page.setViewportSize(desktop);

    // Restore version 1: it becomes version 3, the history kept.
    await card
      .getByRole('list', { name: 'Versions of Walk' })
      .getByRole('button', { name: 'Restore version 1' })
      .click();
    await expect(page.getByText('Version 1 restored as version 3')).toBeVisible();
    await expect(card).toContainText('3 versions');
    await compare.getByLabel('with').selectOption('3');
    await expect(compare.getByRole('status')).toHaveText('The two versions are the same.');

    // Insert into the composer: `/` in an empty prompt opens the picker.
    await page.goto('/composer');
    await page.getByRole('button', { name: 'Clear draft' }).click();
    await prompt.click();
    await prompt.press('/');
    const picker = page.getByRole('dialog', { name: 'Insert a template' });
    await picker.getByRole('button', { name: /Walk/ }).click();
    const fill = page.getByRole('dialog', { name: 'Insert “Walk”' });
    await fill.getByLabel('animal', { exact: true }).fill('heron');
    // The live preview: the value where given, the default where not.
    const preview = fill.getByRole('region', { name: 'Filled request' });
    await expect(preview.getByLabel('Request body', { exact: true })).toContainText(
      '"prompt": "A heron walks through a forest"',
    );
    await fill.getByRole('button', { name: 'Insert' }).click();
    await expect(fill).toBeHidden();
    await expect(prompt).toHaveValue('A heron walks through a forest');
    await expect(page.getByLabel('Request body', { exact: true })).toContainText(
      '"prompt": "A heron walks through a forest"',
    );

    // The palette offers it too, straight to its variables.
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
    await page.keyboard.type('insert template');
    await page.getByRole('option', { name: 'Insert template: Walk' }).click();
    await expect(page.getByRole('dialog', { name: 'Insert “Walk”' })).toBeVisible();
  });

  test('a music template is saved from the music form and inserted back with its variable filled', async ({
    page,
  }) => {
    await page.goto('/create/music');
    await page.getByLabel('Description').fill('A calm song about {{topic}}');
    await page.getByRole('button', { name: 'Save as template' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await save.getByLabel('Name').fill('Calm song');
    await save.getByLabel('Default for topic').fill('rain');
    await save.getByRole('button', { name: 'Save template' }).click();
    await expect(save).toBeHidden();

    await page.getByLabel('Description').fill('');
    await page.getByRole('button', { name: 'Insert template' }).click();
    await page
      .getByRole('dialog', { name: 'Insert a template' })
      .getByRole('button', { name: /Calm song/ })
      .click();
    const fill = page.getByRole('dialog', { name: 'Insert “Calm song”' });
    await fill.getByLabel('topic', { exact: true }).fill('snow');
    await expect(
      fill.getByRole('region', { name: 'Filled request' }).getByLabel('Request body', { exact: true }),
    ).toContainText('"prompt": "A calm song about snow"');
    await fill.getByRole('button', { name: 'Insert' }).click();
    await expect(fill).toBeHidden();
    await expect(page.getByLabel('Description')).toHaveValue('A calm song about snow');
  });
});
