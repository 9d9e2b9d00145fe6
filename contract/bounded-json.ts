import * as z from 'zod/mini';

/**
 * Limits for a free-form JSON field (`metadata` and every one like it). Unbounded nesting once let
 * one request store a value that `JSON.stringify` could not write back (stack overflow), breaking
 * every list that contained it; so depth, entry count and size are all checked before storing.
 */
export interface JsonBounds {
  /** Levels of objects/arrays; `{}` is depth 1. */
  maxDepth: number;
  /** Object keys plus array items, counted over the whole value. */
  maxKeys: number;
  /** UTF-8 bytes of the value written as JSON. */
  maxBytes: number;
}

/** The limits of an asset's `metadata`: room for labels and ids, not for documents. */
export const METADATA_BOUNDS: JsonBounds = { maxDepth: 16, maxKeys: 512, maxBytes: 16 * 1024 };

/**
 * The first limit `value` breaks, as a sentence naming the field and the limit, or undefined when it
 * is within bounds. Walks iteratively (never recursion, so any depth is safe to inspect) and stops
 * at the first excess; only a value already within depth and key limits is stringified.
 */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds, field: string): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let keys = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > bounds.maxDepth) {
      return `${field} is nested more than ${bounds.maxDepth} levels deep; flatten it to at most ${bounds.maxDepth} levels.`;
    }
    const children = Array.isArray(current) ? current : Object.values(current);
    keys += children.length;
    if (keys > bounds.maxKeys) {
      return `${field} has more than ${bounds.maxKeys} keys and array items in total; keep it to at most ${bounds.maxKeys}.`;
    }
    for (const child of children) stack.push({ value: child, depth: depth + 1 });
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return `${field} cannot be written as JSON.`;
  }
  const bytes = new TextEncoder().encode(text ?? '').length;
  if (bytes > bounds.maxBytes) {
    return `${field} is ${bytes} bytes as JSON, over the limit of ${bounds.maxBytes} bytes; send less.`;
  }
  return undefined;
}

/**
 * A check for a free-form JSON field of a zod or zod/mini schema:
 * `z.record(z.string(), z.unknown()).check(boundedJson(METADATA_BOUNDS, 'metadata'))`. The issue's
 * message states the limit that was hit.
 */
export function boundedJson(bounds: JsonBounds, field: string) {
  return z.superRefine<unknown>((value, ctx) => {
    const problem = jsonBoundsProblem(value, bounds, field);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });
}

/**
 * The deepest nesting of objects and arrays in JSON text, found by scanning (brackets inside
 * strings do not count) without parsing: a cheap guard to run before `JSON.parse`, since a value
 * thousands of levels deep parses fine but then breaks `JSON.stringify` wherever it travels.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return deepest;
}
