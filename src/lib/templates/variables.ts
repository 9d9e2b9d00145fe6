/**
 * `{{variables}}` in any text field of a request (issue 45). A variable is `{{name}}`; its default
 * is written once where it is declared (the template keeps `{ name, default }` pairs), so the text
 * itself stays what the person typed. Shared by the prompt library and batches: a batch column maps
 * to a variable by the same name.
 */

/** Letters, digits, `_`, `-` and `.`, starting with a letter or `_`: what people write as a slot name. */
const VARIABLE = /\{\{\s*([A-Za-z_][\w.-]{0,63})\s*\}\}/g;

export interface TemplateVariable {
  name: string;
  /** Used when a fill gives no value (or an empty one). */
  default: string;
}

/** The variable names in one text, in order of first appearance, each once. */
export function variablesIn(text: string): string[] {
  const names: string[] = [];
  for (const [, name] of text.matchAll(VARIABLE)) if (name && !names.includes(name)) names.push(name);
  return names;
}

/** Every variable named in any string anywhere in a JSON value (a whole request), each once. */
export function variablesInRequest(value: unknown): string[] {
  const names: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      for (const name of variablesIn(node)) if (!names.includes(name)) names.push(name);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  visit(value);
  return names;
}

/**
 * Replaces each `{{name}}` with its value, or its default when the value is missing or empty.
 * A name with neither is left as written, so the person sees what is unfilled (see `unfilled`).
 */
export function fillText(
  text: string,
  values: Record<string, string>,
  variables: TemplateVariable[] = [],
): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const given = values[name];
    if (given !== undefined && given !== '') return given;
    const fallback = variables.find((variable) => variable.name === name)?.default;
    return fallback !== undefined && fallback !== '' ? fallback : whole;
  });
}

/** The request with every string filled; keys and non-string values are kept as they are. */
export function fillRequest<T>(
  request: T,
  values: Record<string, string>,
  variables: TemplateVariable[] = [],
): T {
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') return fillText(node, values, variables);
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    return node;
  };
  return visit(request) as T;
}

/** The variables a fill would leave unfilled: no value and no default. */
export function unfilled(
  request: unknown,
  values: Record<string, string>,
  variables: TemplateVariable[] = [],
): string[] {
  return variablesInRequest(request).filter((name) => {
    if (values[name] !== undefined && values[name] !== '') return false;
    const fallback = variables.find((variable) => variable.name === name)?.default;
    return fallback === undefined || fallback === '';
  });
}
