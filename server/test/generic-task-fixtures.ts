import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { ownerOf } from '../middleware/auth';
import { filesRoot, storedRelPath } from '../services/assets/asset-files';
import type { NewAssetRow } from '../store/assets';
import { seedAsset } from './task-fixtures';

const KINDS = {
  avatar: { type: 'image', purpose: 'digital_human_avatar', fixture: 'sample.png', contentType: 'image/png' },
  voice: { type: 'audio', purpose: 'digital_human_voice', fixture: 'sample.mp3', contentType: 'audio/mpeg' },
} as const;

/**
 * A ready digital-human asset of `key` (an avatar image or a voice recording), not bound to any
 * model. `withFile` stores a copy of the e2e fixture under DATA_DIR/files, as a finished upload has.
 */
export function seedDigitalHumanAsset(
  ctx: AppContext,
  key: string,
  kind: keyof typeof KINDS,
  patch: Partial<NewAssetRow> & { withFile?: boolean } = {},
): string {
  const { withFile, ...rest } = patch;
  const k = KINDS[kind];
  const id = seedAsset(ctx, key, {
    type: k.type,
    purpose: k.purpose,
    model: null,
    name: k.fixture,
    content_type: k.contentType,
    source_url: `https://example.com/${k.fixture}`,
    ...rest,
  });
  if (withFile) {
    const rel = storedRelPath(ownerOf(key), id, k.fixture);
    const abs = path.join(filesRoot(ctx), ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.copyFileSync(path.resolve('e2e/fixtures', k.fixture), abs);
    ctx.db.prepare('UPDATE assets SET file_path = ? WHERE id = ?').run(rel, id);
  }
  return id;
}
