/**
 * "View code": the request the playground just built, as curl and as calls of the official openai
 * (JS, Python) and Anthropic SDKs pointed at this server. The key is always masked: snippets get
 * copied into chats and tickets.
 */

export type CodeRequest =
  | { kind: 'json'; path: string; body: Record<string, unknown>; binaryOut?: string }
  | { kind: 'multipart'; path: string; fields: Record<string, string>; fileName: string };

export type SnippetLanguage = 'curl' | 'openai-js' | 'openai-python' | 'anthropic-js' | 'anthropic-python';

export const SNIPPET_LANGUAGES: SnippetLanguage[] = [
  'curl',
  'openai-js',
  'openai-python',
  'anthropic-js',
  'anthropic-python',
];

/** `sk-l…9f3a`: enough to tell keys apart, too little to use. */
export function maskKey(key: string): string {
  if (!key) return 'YOUR_API_KEY';
  if (key.length <= 12) return '•'.repeat(8);
  return `${key.slice(0, 4)}…${key.slice(-4)}`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A JSON value as a Python literal (True/False/None), indented like json.dumps(indent=4). */
export function pythonLiteral(value: unknown, indent = 0): string {
  const pad = ' '.repeat(indent + 4);
  const end = ' '.repeat(indent);
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + pythonLiteral(v, indent + 4)).join(',\n')},\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pythonLiteral(v, indent + 4)}`).join(',\n')},\n${end}}`;
}

/** Python keyword arguments from a JSON object. */
function pythonKwargs(body: Record<string, unknown>, indent: number): string {
  const pad = ' '.repeat(indent);
  return Object.entries(body)
    .map(([k, v]) => `${pad}${k}=${pythonLiteral(v, indent)},`)
    .join('\n');
}

/** The version header Anthropic's API requires; its SDKs send it themselves. */
const ANTHROPIC_VERSION = '2023-06-01';

const js = (v: unknown) => JSON.stringify(v, null, 2);
const indentJs = (text: string, by: number) => text.replace(/\n/g, `\n${' '.repeat(by)}`);

function curl(req: CodeRequest, origin: string, key: string): string {
  // Messages authenticates as Anthropic's API does: x-api-key and a pinned anthropic-version.
  const auth =
    req.path === '/v1/messages'
      ? [`  -H ${shellQuote(`x-api-key: ${key}`)}`, `  -H 'anthropic-version: ${ANTHROPIC_VERSION}'`]
      : [`  -H ${shellQuote(`Authorization: Bearer ${key}`)}`];
  const lines = [`curl ${origin}${req.path}`, ...auth];
  if (req.kind === 'json') {
    lines.push(
      `  -H 'Content-Type: application/json'`,
      `  -d ${shellQuote(JSON.stringify(req.body, null, 2))}`,
    );
    if (req.binaryOut) lines.push(`  --output ${req.binaryOut}`);
    else if (req.body.stream) lines.push('  --no-buffer');
  } else {
    lines.push(`  -F ${shellQuote(`file=@${req.fileName}`)}`);
    for (const [k, v] of Object.entries(req.fields)) lines.push(`  -F ${shellQuote(`${k}=${v}`)}`);
  }
  return lines.join(' \\\n');
}

function openaiJs(req: CodeRequest, origin: string, key: string): string | undefined {
  const head = `import OpenAI from 'openai';\n\nconst client = new OpenAI({ baseURL: '${origin}/v1', apiKey: '${key}' });\n\n`;
  if (req.kind === 'multipart') {
    const kind = req.path.endsWith('translations') ? 'translations' : 'transcriptions';
    const args = { ...req.fields };
    return `import fs from 'node:fs';\n${head}const result = await client.audio.${kind}.create({\n  file: fs.createReadStream('${req.fileName}'),\n${Object.entries(
      args,
    )
      .map(([k, v]) => `  ${k}: ${JSON.stringify(v)},`)
      .join('\n')}\n});\nconsole.log(result);`;
  }
  const body = indentJs(js(req.body), 0);
  switch (req.path) {
    case '/v1/chat/completions':
      return req.body.stream
        ? `${head}const stream = await client.chat.completions.create(${body});\nfor await (const chunk of stream) {\n  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');\n}`
        : `${head}const completion = await client.chat.completions.create(${body});\nconsole.log(completion.choices[0].message.content);`;
    case '/v1/responses':
      return req.body.stream
        ? `${head}const stream = await client.responses.create(${body});\nfor await (const event of stream) {\n  if (event.type === 'response.output_text.delta') process.stdout.write(event.delta);\n}`
        : `${head}const response = await client.responses.create(${body});\nconsole.log(response.output_text);`;
    case '/v1/responses/compact':
      return `${head}const compacted = await client.post('/responses/compact', { body: ${indentJs(body, 0)} });\nconsole.log(compacted);`;
    case '/v1/embeddings':
      return `${head}const result = await client.embeddings.create(${body});\nconsole.log(result.data.map((d) => d.embedding.length));`;
    case '/v1/audio/speech':
      return `import fs from 'node:fs';\n${head}const audio = await client.audio.speech.create(${body});\nfs.writeFileSync('${req.binaryOut ?? 'speech.mp3'}', Buffer.from(await audio.arrayBuffer()));`;
    default:
      return undefined;
  }
}

function openaiPython(req: CodeRequest, origin: string, key: string): string | undefined {
  const head = `from openai import OpenAI\n\nclient = OpenAI(base_url="${origin}/v1", api_key="${key}")\n\n`;
  if (req.kind === 'multipart') {
    const kind = req.path.endsWith('translations') ? 'translations' : 'transcriptions';
    return `${head}with open("${req.fileName}", "rb") as audio:\n    result = client.audio.${kind}.create(\n        file=audio,\n${pythonKwargs(req.fields, 8)}\n    )\nprint(result)`;
  }
  const kwargs = pythonKwargs(req.body, 4);
  switch (req.path) {
    case '/v1/chat/completions':
      return req.body.stream
        ? `${head}stream = client.chat.completions.create(\n${kwargs}\n)\nfor chunk in stream:\n    if chunk.choices and chunk.choices[0].delta.content:\n        print(chunk.choices[0].delta.content, end="", flush=True)`
        : `${head}completion = client.chat.completions.create(\n${kwargs}\n)\nprint(completion.choices[0].message.content)`;
    case '/v1/responses':
      return req.body.stream
        ? `${head}stream = client.responses.create(\n${kwargs}\n)\nfor event in stream:\n    if event.type == "response.output_text.delta":\n        print(event.delta, end="", flush=True)`
        : `${head}response = client.responses.create(\n${kwargs}\n)\nprint(response.output_text)`;
    case '/v1/responses/compact':
      return `${head}compacted = client.post("/responses/compact", body=${pythonLiteral(req.body)}, cast_to=object)\nprint(compacted)`;
    case '/v1/embeddings':
      return `${head}result = client.embeddings.create(\n${kwargs}\n)\nprint([len(d.embedding) for d in result.data])`;
    case '/v1/audio/speech':
      return `${head}with client.audio.speech.with_streaming_response.create(\n${kwargs}\n) as response:\n    response.stream_to_file("${req.binaryOut ?? 'speech.mp3'}")`;
    default:
      return undefined;
  }
}

function anthropicJs(req: CodeRequest, origin: string, key: string): string | undefined {
  if (req.kind !== 'json' || req.path !== '/v1/messages') return undefined;
  const head = `import Anthropic from '@anthropic-ai/sdk';\n\nconst client = new Anthropic({ baseURL: '${origin}', apiKey: '${key}' });\n\n`;
  const body = js(req.body);
  return req.body.stream
    ? `${head}const stream = client.messages.stream(${body});\nstream.on('text', (text) => process.stdout.write(text));\nconsole.log(await stream.finalMessage());`
    : `${head}const message = await client.messages.create(${body});\nconsole.log(message.content);`;
}

function anthropicPython(req: CodeRequest, origin: string, key: string): string | undefined {
  if (req.kind !== 'json' || req.path !== '/v1/messages') return undefined;
  const head = `import anthropic\n\nclient = anthropic.Anthropic(base_url="${origin}", api_key="${key}")\n\n`;
  const { stream, ...rest } = req.body;
  const kwargs = pythonKwargs(rest, 4);
  return stream
    ? `${head}with client.messages.stream(\n${kwargs}\n) as stream:\n    for text in stream.text_stream:\n        print(text, end="", flush=True)`
    : `${head}message = client.messages.create(\n${kwargs}\n)\nprint(message.content)`;
}

/** Every snippet for a request; `undefined` where that SDK has no such endpoint. */
export function buildSnippets(
  req: CodeRequest,
  origin: string,
  apiKey: string,
): Record<SnippetLanguage, string | undefined> {
  const key = maskKey(apiKey);
  const base = origin.replace(/\/+$/, '');
  return {
    curl: curl(req, base, key),
    'openai-js': openaiJs(req, base, key),
    'openai-python': openaiPython(req, base, key),
    'anthropic-js': anthropicJs(req, base, key),
    'anthropic-python': anthropicPython(req, base, key),
  };
}
