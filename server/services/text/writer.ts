import { composeToolAnswer, trailingResults } from './tools/tool-answer';
import { countTokens, hasCjk, tokenize } from './tokens';
import type { Turn } from './turns';

// The turn types live in turns.ts, which tool-answer.ts reads without importing the writer back.
export type { ToolCallRecord, ToolResultRecord, Turn } from './turns';

export interface WriteRequest {
  model: string;
  turns: Turn[];
  temperature?: number;
  /** 0-based index of this choice when `n` > 1. */
  choice?: number;
  choices?: number;
}

export type FinishReason = 'stop' | 'length' | 'stop_sequence';

export interface PlannedReply {
  tokens: string[];
  text: string;
  finish: FinishReason;
  /** The stop sequence that ended the reply, when one did. */
  stopSequence: string | null;
  /** `/bench N`: stream as fast as possible, no pacing. */
  bench: boolean;
}

/** The largest `/bench N` honoured; more would only measure memory. */
export const MAX_BENCH_TOKENS = 1_000_000;
const BENCH = /^\/bench\s+(\d{1,7})\s*$/;

const BENCH_WORDS = [' stream', ' token', ' render', ' bench', ' local', ' writer', ' steady', ' chunk'];

/** N tokens of plain prose: sentences and paragraphs, so a renderer gets realistic Markdown. */
export function benchTokens(n: number): string[] {
  const out: string[] = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    if (i % 105 === 104) out[i] = '\n\n';
    else if (i % 13 === 12) out[i] = '.';
    else out[i] = BENCH_WORDS[(i * 7 + (i >> 3)) % BENCH_WORDS.length]!;
  }
  return out;
}

export function benchSize(turns: readonly Turn[]): number | undefined {
  const last = lastUserText(turns);
  const m = last === undefined ? null : BENCH.exec(last.trim());
  if (!m) return undefined;
  return Math.min(Number(m[1]), MAX_BENCH_TOKENS);
}

function lastUserText(turns: readonly Turn[]): string | undefined {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.role === 'user') return turns[i]!.text;
  return undefined;
}

/** Text safe inside one Markdown table cell or heading: one line, no pipes, bounded. */
function inline(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A fence longer than any backtick run in the text, so the quoted text cannot close it. */
function fenced(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

function topWords(text: string, limit: number): Array<[string, number]> {
  const counts = new Map<string, number>();
  const words = text.toLowerCase().match(/[\p{L}\p{N}_'’]+/gu) ?? [];
  for (const w of words) {
    if (hasCjk(w)) {
      for (const ch of w) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    } else counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}

const COPY = {
  en: {
    heading: (q: string) => `## Reply to “${q}”`,
    empty: 'your message',
    disclaimer: (model: string) =>
      `> This is **${model}**, the local deterministic writer of Media Studio. It is *not* a language model: ` +
      'it builds this Markdown from your request, so that clients, streaming and rendering can be tested offline. ' +
      'The same request always gets the same answer.',
    choice: (i: number, n: number) => `*Choice ${i + 1} of ${n}.*`,
    sent: '### What you sent',
    messages: (n: number, roles: string) => `Messages: **${n}** (${roles})`,
    last: (words: number, chars: number, tokens: number) =>
      `Your last message: ${words} words, ${chars} characters, about ${tokens} tokens`,
    system: (s: string | undefined) => (s ? `System prompt: “${inline(s, 80)}”` : 'System prompt: none'),
    attachments: (n: number) => `Attachments: ${n} (counted, not read)`,
    temperature: (t: number) => `Temperature: ${t} (ignored: the writer is deterministic)`,
    words: '### Most frequent words',
    table: '| # | Word | Count |\n|---|------|------:|',
    noWords: 'Your message has no words to count.',
    code: '### Your message, quoted',
    steps: '### What to try next',
    tips: [
      'Send `/bench 20000` to stream twenty thousand tokens as fast as the server can.',
      'Set `max_tokens` to cut this reply short (finish reason `length`).',
      'Add a stop sequence such as `###` to end the reply where it first appears.',
    ],
  },
  zh: {
    heading: (q: string) => `## 回复：“${q}”`,
    empty: '你的消息',
    disclaimer: (model: string) =>
      `> 这里是 **${model}**，Media Studio 的本地确定性写作器。它*不是*语言模型：` +
      '它根据你的请求生成这段 Markdown，用于离线测试客户端、流式传输和渲染。相同的请求总是得到相同的回答。',
    choice: (i: number, n: number) => `*第 ${i + 1} 个候选，共 ${n} 个。*`,
    sent: '### 你发送的内容',
    messages: (n: number, roles: string) => `消息数：**${n}**（${roles}）`,
    last: (words: number, chars: number, tokens: number) =>
      `最后一条消息：${words} 个词，${chars} 个字符，约 ${tokens} 个 token`,
    system: (s: string | undefined) => (s ? `系统提示：“${inline(s, 80)}”` : '系统提示：无'),
    attachments: (n: number) => `附件：${n} 个（只计数，不读取）`,
    temperature: (t: number) => `温度：${t}（忽略：写作器是确定性的）`,
    words: '### 出现最多的词',
    table: '| # | 词 | 次数 |\n|---|------|------:|',
    noWords: '你的消息里没有可统计的词。',
    code: '### 你的消息原文',
    steps: '### 接下来可以试试',
    tips: [
      '发送 `/bench 20000`，让服务器以最快速度流式输出两万个 token。',
      '设置 `max_tokens` 可以截断回答（结束原因为 `length`）。',
      '添加停止序列（例如 `###`），回答会在它第一次出现的地方结束。',
    ],
  },
} as const;

/** The deterministic Markdown answer to a conversation: headings, a list, a table and a code block. */
export function composeReply(req: WriteRequest): string {
  const { turns } = req;
  const last = lastUserText(turns) ?? '';
  const copy = hasCjk(last) ? COPY.zh : COPY.en;
  const results = trailingResults(turns);
  if (results.length > 0) return composeToolAnswer(results, last, copy.disclaimer(req.model));
  const system = turns
    .filter((t) => t.role === 'system')
    .map((t) => t.text)
    .join('\n');
  const roleCounts = new Map<string, number>();
  for (const t of turns) roleCounts.set(t.role, (roleCounts.get(t.role) ?? 0) + 1);
  const roles = [...roleCounts.entries()].map(([role, n]) => `${n} ${role}`).join(', ');
  const attachments = turns.reduce((sum, t) => sum + t.attachments, 0);
  const words = last.match(/[\p{L}\p{N}_'’]+/gu)?.length ?? 0;

  const parts: string[] = [copy.heading(inline(last) || copy.empty), copy.disclaimer(req.model)];
  if ((req.choices ?? 1) > 1) parts.push(copy.choice(req.choice ?? 0, req.choices!));
  const facts = [
    copy.messages(turns.length, roles),
    copy.last(words, [...last].length, countTokens(last)),
    copy.system(system || undefined),
  ];
  if (attachments > 0) facts.push(copy.attachments(attachments));
  if (req.temperature !== undefined) facts.push(copy.temperature(req.temperature));
  parts.push(`${copy.sent}\n\n${facts.map((f) => `- ${f}`).join('\n')}`);

  const top = topWords(last, 5);
  parts.push(
    top.length
      ? `${copy.words}\n\n${copy.table}\n${top.map(([w, n], i) => `| ${i + 1} | ${inline(w, 30)} | ${n} |`).join('\n')}`
      : `${copy.words}\n\n${copy.noWords}`,
  );
  const quoted = last.length > 600 ? `${last.slice(0, 600)}…` : last;
  parts.push(`${copy.code}\n\n${fenced(quoted, 'text')}`);
  parts.push(`${copy.steps}\n\n${copy.tips.map((t, i) => `${i + 1}. ${t}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The reply as it will be sent (`text` when given, e.g. structured output, else the Markdown
 * answer): cut at the first stop sequence (which is not included, as the
 * real APIs do), then at `maxTokens`.
 */
export function planReply(
  req: WriteRequest,
  opts: { maxTokens?: number; stop?: readonly string[]; text?: string } = {},
): PlannedReply {
  const bench = opts.text === undefined ? benchSize(req.turns) : undefined;
  let tokens = bench === undefined ? tokenize(opts.text ?? composeReply(req)) : benchTokens(bench);
  let finish: FinishReason = 'stop';
  let stopSequence: string | null = null;
  const stops = (opts.stop ?? []).filter((s) => s.length > 0);
  if (stops.length > 0 && bench === undefined) {
    const text = tokens.join('');
    let cut = -1;
    for (const s of stops) {
      const at = text.indexOf(s);
      if (at >= 0 && (cut < 0 || at < cut)) {
        cut = at;
        stopSequence = s;
      }
    }
    if (cut >= 0) {
      tokens = tokenize(text.slice(0, cut));
      finish = 'stop_sequence';
    }
  }
  if (opts.maxTokens !== undefined && tokens.length > opts.maxTokens) {
    tokens = tokens.slice(0, opts.maxTokens);
    finish = 'length';
    stopSequence = null;
  }
  return { tokens, text: tokens.join(''), finish, stopSequence, bench: bench !== undefined };
}

/** Prompt tokens of a conversation: its text plus a few per message, as the real APIs count framing. */
export function promptTokens(turns: readonly Turn[]): number {
  return turns.reduce((sum, t) => sum + countTokens(t.text) + 4 + t.attachments * 85, 3);
}
