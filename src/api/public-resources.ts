import { queryOptions } from '@tanstack/react-query';
import { isRecord } from '@contract/is-record';
import { apiRequest, INVALID_RESPONSE_TYPE, isApiRequestError } from '@/api/api-client';

export interface PublicAvatar {
  id: string;
  name: string;
}

/**
 * The public avatars a deployment offers (the specification's "obtain a public resource id";
 * GET /v1/public-resources on the local server, decision 293). The specification does not show
 * how they are listed: a deployment without the endpoint (in proxy mode, the upstream answers it)
 * gives `null`, and the form lets the person paste a public id instead. Not an error.
 */
async function fetchPublicAvatars(signal?: AbortSignal): Promise<PublicAvatar[] | null> {
  try {
    const data = await apiRequest<unknown>('/v1/public-resources?type=avatar', { signal });
    const list = isRecord(data) && Array.isArray(data.data) ? data.data : [];
    return list.flatMap((r) =>
      isRecord(r) && typeof r.id === 'string' && r.id
        ? [{ id: r.id, name: typeof r.name === 'string' && r.name ? r.name : r.id }]
        : [],
    );
  } catch (error) {
    if (isApiRequestError(error) && [404, 405, 501].includes(error.status)) return null;
    // An HTML page where JSON was expected: a front end's fallback, not a list.
    if (isApiRequestError(error) && error.info.type === INVALID_RESPONSE_TYPE) return null;
    throw error;
  }
}

export function publicAvatarsQueryOptions(baseUrl: string) {
  return queryOptions({
    queryKey: ['public-resources', 'avatar', baseUrl] as const,
    queryFn: ({ signal }) => fetchPublicAvatars(signal),
    // A built-in set: it changes with the deployment, not while a form is open.
    staleTime: Infinity,
    retry: false,
  });
}
