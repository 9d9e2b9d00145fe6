/** The page `/` opens: the asset library (router.tsx redirects there, pages.ts lists it first). */
export const LANDING_SEGMENT = 'assets';

/**
 * The first path segment of the page a path opens, `/` counting as the library's. Pure, so that
 * the early script (src/early.ts, decision 245) knows the library's paths as the app does.
 */
export function landingSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? LANDING_SEGMENT;
}
