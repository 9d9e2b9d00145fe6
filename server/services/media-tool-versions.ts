import { mediaTools } from '../media/media-tools';

/** Version and source of each media tool in use, for GET /bootstrap (routes reach media/ only through a service). */
export function mediaToolVersions(): Record<string, { version: string; source: string }> {
  return Object.fromEntries(
    Object.entries(mediaTools()).map(([name, { tool }]) => [
      name,
      { version: tool.version, source: tool.source },
    ]),
  );
}
