import { API_KEY, expect, test } from './support/test';

// Image (decision 291) and resource-processing (decision 292) tasks against the real local
// server: created through the API, tracked by opening them (as a pasted id is), then seen in the
// monitor and the gallery with their kind and their result as a picture.
const auth = { Authorization: `Bearer ${API_KEY}` };

test('the monitor and the gallery name image and resource tasks and show their results as images', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const image = await request.post('/v1/tasks', {
    headers: auth,
    data: { model: 'image-v1', prompt: 'A red kite over dunes', size: '320x200' },
  });
  expect(image.ok(), await image.text()).toBe(true);
  const imageId = ((await image.json()) as { id: string }).id;

  await page.goto(`/tasks/${imageId}`);
  const detail = page.getByRole('article');
  await expect(detail.locator('[data-status="succeeded"]')).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByText(/^Image · image-v1/)).toBeVisible();
  const picture = detail.getByRole('img', { name: `Result image of task ${imageId}` });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(320);
  const imageUrl = await picture.getAttribute('src');
  // No page of the dashboard makes image tasks: nothing to edit them in.
  await expect(detail.getByRole('link', { name: 'Edit and re-run' })).toHaveCount(0);

  // A thumbnail of the image task's own result, given as a URL of this server.
  const resource = await request.post('/v1/tasks', {
    headers: auth,
    data: { model: 'resource-thumbnail', source_url: imageUrl, width: 80 },
  });
  expect(resource.ok(), await resource.text()).toBe(true);
  const resourceId = ((await resource.json()) as { id: string }).id;
  await page.goto(`/tasks/${resourceId}`);
  await expect(detail.locator('[data-status="succeeded"]')).toBeVisible({ timeout: 60_000 });
  await expect(detail.getByText(/^Resource processing · resource-thumbnail/)).toBeVisible();
  const thumb = detail.getByRole('img', { name: `Result image of task ${resourceId}` });
  await expect.poll(() => thumb.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(80);

  await page.screenshot({ path: '/tmp/double30b-shots/task-resource-desktop.png' });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  for (const id of [imageId, resourceId]) {
    const tileImage = page.locator(`[data-task-id="${id}"]`).getByRole('img', { name: `Result of ${id}` });
    await expect(tileImage).toBeVisible();
    await expect
      .poll(() => tileImage.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  }
  await page.getByLabel('Kind').selectOption('resource');
  await expect(page.locator(`[data-task-id="${resourceId}"]`)).toBeVisible();
  await expect(page.locator(`[data-task-id="${imageId}"]`)).toHaveCount(0);
  await page.getByLabel('Kind').selectOption('');
  await page.screenshot({ path: '/tmp/double30b-shots/gallery-desktop-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: '/tmp/double30b-shots/gallery-desktop-dark.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/double30b-shots/gallery-phone-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/tasks/${imageId}`);
  await expect(detail.getByRole('img', { name: `Result image of task ${imageId}` })).toBeVisible();
  await page.screenshot({ path: '/tmp/double30b-shots/task-image-phone-light.png' });
});
