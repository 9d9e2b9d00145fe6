import { hasCjk } from '../tokens';
import type { ToolResultRecord, Turn } from '../turns';

/*
 * The writer's answer after tool results: Markdown that quotes each result (a JSON object as a
 * list of its fields, anything else as a fenced block), so an agent loop can see its tool's
 * output come back in the final answer.
 */

const COPY = {
  en: {
    heading: (names: string) => `## Answer from ${names}`,
    returned: (name: string) => `The tool **${name}** returned:`,
    asked: (q: string) => `You asked: “${q}”`,
    empty: '(an empty result)',
  },
  zh: {
    heading: (names: string) => `## 来自 ${names} 的回答`,
    returned: (name: string) => `工具 **${name}** 返回了：`,
    asked: (q: string) => `你的问题：“${q}”`,
    empty: '（空结果）',
  },
} as const;

function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

function quoteResult(result: ToolResultRecord, empty: string): string {
  if (result.text.trim() === '') return empty;
  try {
    const value: unknown = JSON.parse(result.text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const fields = Object.entries(value as Record<string, unknown>).slice(0, 20);
      if (fields.length > 0) {
        return fields
          .map(
            ([k, v]) => `- **${oneLine(k, 40)}**: ${oneLine(typeof v === 'string' ? v : JSON.stringify(v))}`,
          )
          .join('\n');
      }
    }
  } catch {
    // Not JSON: quoted as it came.
  }
  return fenced(result.text.length > 2000 ? `${result.text.slice(0, 2000)}…` : result.text);
}

/** The results of the trailing tool turns, or none when the conversation does not end with them. */
export function trailingResults(turns: readonly Turn[]): ToolResultRecord[] {
  const out: ToolResultRecord[] = [];
  for (let i = turns.length - 1; i >= 0 && turns[i]!.role !== 'user' && turns[i]!.role !== 'assistant'; i--) {
    if (turns[i]!.role === 'tool') out.unshift(...(turns[i]!.results ?? []));
  }
  return out;
}

export function composeToolAnswer(
  results: readonly ToolResultRecord[],
  question: string,
  disclaimer: string,
): string {
  const copy = hasCjk(question) ? COPY.zh : COPY.en;
  const names = [...new Set(results.map((r) => `\`${r.name ?? 'tool'}\``))].join(', ');
  const parts = [copy.heading(names), disclaimer];
  for (const r of results) parts.push(`${copy.returned(r.name ?? 'tool')}\n\n${quoteResult(r, copy.empty)}`);
  if (question) parts.push(copy.asked(oneLine(question)));
  return `${parts.join('\n\n')}\n`;
}
