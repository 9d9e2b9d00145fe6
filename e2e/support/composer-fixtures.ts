import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_KEY, expect } from './test';

// What the composer specs set up through the API before they drive the page.
const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
const auth = { Authorization: `Bearer ${API_KEY}` };

export async function createGroup(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post('/v1/asset-groups', { headers: auth, data: { name } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

/** Uploads e2e/fixtures/sample.png for video-2.0-cl into a group and waits until it is ready for generation. */
export async function uploadReadyImage(
  request: APIRequestContext,
  group: string,
  name: string,
): Promise<string> {
  const res = await request.post('/v1/assets/uploads', {
    headers: auth,
    multipart: {
      type: 'image',
      model: 'video-2.0-cl',
      group_id: group,
      name,
      file: {
        name: 'sample.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(FIXTURES, 'sample.png')),
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const asset = await request.get(`/v1/assets/${id}?group_id=${group}`, { headers: auth });
        return ((await asset.json()) as { generation_ready?: boolean }).generation_ready;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return id;
}

/** Counts POST /v1/videos requests the page sends. */
export function countVideoPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/v1/videos') posts += 1;
  });
  return () => posts;
}
