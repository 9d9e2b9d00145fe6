import fs from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_AVATARS, type PublicAvatarId } from '@contract/public-avatars';
import type { AppContext } from '../../../context';
import { renderImage } from '../../../media/render-image';

/** One render per avatar per process, shared by tasks that start at the same time. */
const rendering = new Map<string, Promise<string>>();

/**
 * The PNG of a public avatar under DATA_DIR/public-avatars, rendered by ffmpeg the first time a
 * task uses it (nothing to ship, nothing to render at start when none is used). Written to a
 * temporary name and renamed, so a crash never leaves half a file under the final name.
 */
export function publicAvatarFile(ctx: AppContext, id: PublicAvatarId, signal?: AbortSignal): Promise<string> {
  const file = path.join(ctx.config.dataDir, 'public-avatars', `${id}.png`);
  const key = file;
  const known = rendering.get(key);
  if (known) return known;
  const job = (async () => {
    try {
      await fs.access(file);
      return file;
    } catch {
      // not rendered yet
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    const avatar = PUBLIC_AVATARS.find((a) => a.id === id)!;
    const tmp = `${file}.${process.pid}.tmp.png`;
    await renderImage({ outPath: tmp, prompt: avatar.prompt, width: 512, height: 512, signal });
    await fs.rename(tmp, file);
    return file;
  })();
  rendering.set(key, job);
  job.catch(() => rendering.delete(key));
  return job;
}

/** The answer of GET /v1/public-resources: the list envelope of the built-in avatars. */
export function publicResourceList(type: string | undefined) {
  const data =
    type === undefined || type === 'image' || type === 'avatar'
      ? PUBLIC_AVATARS.map((a) => ({
          object: 'public_resource',
          id: a.id,
          type: 'image',
          purpose: 'digital_human_avatar',
          name: a.name,
          reference: `Asset://${a.id}`,
        }))
      : [];
  return { object: 'list', data, has_more: false };
}
