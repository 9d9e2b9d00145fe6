export const MIN_SPEED = 0.25;
export const MAX_SPEED = 4;

/** The speed typed, when it is a number the API takes (0.25 to 4); a decimal comma is accepted. */
export function parseSpeed(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d*\.?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= MIN_SPEED && value <= MAX_SPEED ? value : undefined;
}
