/**
 * The assets a digital-human slot offers. `purpose` is not a field of the specification's Asset
 * (issue 44): a deployment that does not echo it would otherwise leave every existing avatar, voice
 * and authorization unpickable. It is read when present, to put the likely ones first; nothing is
 * hidden for lacking it or for naming another use.
 */
export function slotOptions<A extends { id: string; purpose?: string }>(
  assets: readonly A[],
  purpose: string,
): A[] {
  const rank = (a: A) => (a.purpose === purpose ? 0 : a.purpose ? 2 : 1);
  // Array.prototype.sort is stable: the list's own order is kept within each rank.
  return [...assets].sort((a, b) => rank(a) - rank(b));
}
