/**
 * Seeds a data directory with one group of N ready assets, written straight through the server's
 * own store module (the same insert the API uses), so that the bench measures the dashboard rather
 * than 10,000 simulated preparations. Every row is a real, fully prepared asset record, made by the
 * factory the server tests use (server/test/asset-rows.ts; the content type follows the type).
 */
import { DEFAULT_GROUP_ID } from '@contract/group';
import { ownerOf } from '../server/middleware/auth';
import { insertAsset } from '../server/store/assets';
import { openDatabase } from '../server/store/db';
import { ensureDefaultGroup, insertGroup } from '../server/store/groups';
import { readyAssetRow } from '../server/test/asset-rows';

export interface SeedResult {
  groupId: string;
  count: number;
  ms: number;
}

/** One in twenty assets is a video, one in fifty audio: the grid then exercises every preview kind. */
function kindOf(i: number): { type: 'image' | 'video' | 'audio'; ext: string } {
  if (i % 20 === 0) return { type: 'video', ext: 'mp4' };
  if (i % 50 === 1) return { type: 'audio', ext: 'mp3' };
  return { type: 'image', ext: 'png' };
}

export function seedAssetLibrary(opts: {
  dataDir: string;
  apiKey: string;
  count: number;
  mediaOrigin: string;
}): SeedResult {
  const started = performance.now();
  const db = openDatabase(opts.dataDir);
  try {
    const owner = ownerOf(opts.apiKey);
    ensureDefaultGroup(db, owner);
    const group = insertGroup(db, owner, { name: 'Bench library', description: `${opts.count} assets` });
    const base = Date.now() - opts.count * 1000;
    const insertAll = db.transaction(() => {
      for (let i = 0; i < opts.count; i += 1) {
        const kind = kindOf(i);
        // Distinct URLs so the browser really fetches each thumbnail, as it would in a real library.
        const url = `${opts.mediaOrigin}/bench-${i}.${kind.ext}`;
        const created = base + i * 1000;
        const row = readyAssetRow({
          owner,
          group_id: group.id,
          type: kind.type,
          name: `bench-${String(i).padStart(5, '0')}.${kind.ext}`,
          source_url: url,
          size: 8_757 + i,
          duration: kind.type === 'image' ? 0 : 2,
          model: 'video-2.0-cl',
          purpose: kind.type === 'video' ? 'reference_video' : null,
          role: kind.type === 'video' ? 'reference_video' : null,
          created_ms: created,
        });
        insertAsset(db, row);
      }
    });
    insertAll();
    if (group.id === DEFAULT_GROUP_ID) throw new Error('the bench group must not be the default group');
    return { groupId: group.id, count: opts.count, ms: performance.now() - started };
  } finally {
    db.close();
  }
}
