import { safeParseBootstrap } from '@contract/bootstrap';
import { ASSET_LIST_PATH, assetListQuery } from '@/api/asset-list-query';
import { apiOrigin, buildUrl } from '@/api/build-url';
import { storedConnection } from '@/api/connection-storage';
import { openEarlyRequests } from '@/api/early-requests';
import { LANDING_SEGMENT, landingSegment } from '@/app/landing';
import { firstPageParams } from '@/features/assets/library/library-request';
import { parseLibrarySearch } from '@/features/assets/library/library-search';

type Place = Pick<Location, 'origin' | 'pathname' | 'search'>;

/** The key GET /bootstrap offers, read as fetchBootstrap and main.tsx read it ('' when none). */
async function offeredKey(response: Response): Promise<string> {
  if (!response.ok) return '';
  const parsed = safeParseBootstrap(await response.json().catch(() => undefined));
  return parsed.success ? (parsed.data.default_api_key ?? '') : '';
}

/**
 * What the first open asks for before the app has loaded (decision 245): GET /bootstrap, which the
 * app always asks for first, and, when the path opens the library and a key is known, the
 * library's first list with the very URL and key the app will use (the stored key, else the one
 * /bootstrap offers, as main.tsx adopts it). Only for this origin: Settings may point the
 * dashboard at another deployment, whose requests the app makes itself. Each answer is offered to
 * the API client (early-requests.ts), which takes it instead of sending the request again.
 */
export function startEarlyRequests(place: Place = window.location): void {
  const send = openEarlyRequests();
  const { baseUrl, apiKey } = storedConnection();
  if (apiOrigin(baseUrl, place.origin) !== place.origin) return;
  const bootstrapUrl = buildUrl(baseUrl, '/bootstrap');
  const bootstrap = send(bootstrapUrl, '');
  if (landingSegment(place.pathname) !== LANDING_SEGMENT) return;
  const search = parseLibrarySearch(new URLSearchParams(place.search));
  const listUrl = buildUrl(baseUrl, ASSET_LIST_PATH, assetListQuery(firstPageParams(search, baseUrl)));
  const askForList = (key: string) => {
    if (key) void send(listUrl, key);
  };
  if (apiKey) askForList(apiKey);
  else void bootstrap.then(offeredKey).then(askForList, () => undefined);
}
