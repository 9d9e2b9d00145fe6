/** `['references', 0, 'role']` -> `references[0].role`, the form error.param uses. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => {
    if (typeof part === 'number') return `${acc}[${part}]`;
    const s = String(part);
    return acc ? `${acc}.${s}` : s;
  }, '');
}
