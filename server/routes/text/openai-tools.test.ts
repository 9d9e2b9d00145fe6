import type OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openaiClient, openaiRefusal as refusal, useLiveClient } from '../../test/official-clients';

const ctx = useLiveClient(openaiClient);

const weather: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 2 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 7 },
      },
      required: ['city', 'unit', 'days'],
      additionalProperties: false,
    },
  },
};
const search: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'search_docs',
    description: 'Search the documentation pages',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['query', 'limit'],
    },
  },
};
const ask = 'What is the weather? city: Paris, unit: fahrenheit, days: 3';

describe('tool calls through the openai client', () => {
  it('calls the best-matching tool with schema-valid arguments taken from the message', async () => {
    const res = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: ask }],
      tools: [search, weather],
    });
    const choice = res.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
    expect(call.id).toMatch(/^call_/);
    expect(call.function.name).toBe('get_weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris', unit: 'fahrenheit', days: 3 });
  });

  it('follows tool_choice: a named tool, none, and parallel calls of every tool the message names', async () => {
    const named = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: ask }],
      tools: [search, weather],
      tool_choice: { type: 'function', function: { name: 'search_docs' } },
    });
    const args = JSON.parse(
      (named.choices[0]!.message.tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall)
        .function.arguments,
    ) as { query: string; limit: number };
    expect(args).toEqual({ query: 'example query', limit: 1 });
    const none = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: ask }],
      tools: [weather],
      tool_choice: 'none',
    });
    expect(none.choices[0]!.finish_reason).toBe('stop');
    expect(none.choices[0]!.message.content).toContain('deterministic writer');
    const both = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'Use get_weather and search_docs' }],
      tools: [weather, search],
    });
    expect(
      both.choices[0]!.message.tool_calls!.map((c) => (c as { function: { name: string } }).function.name),
    ).toEqual(['get_weather', 'search_docs']);
    const single = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'Use get_weather and search_docs' }],
      tools: [weather, search],
      parallel_tool_calls: false,
    });
    expect(single.choices[0]!.message.tool_calls).toHaveLength(1);
  });

  it('streams the call in several argument chunks that the stream helper assembles', async () => {
    const stream = ctx.client.chat.completions.stream({
      model: 'service-chat',
      messages: [{ role: 'user', content: ask }],
      tools: [weather],
    });
    let argumentChunks = 0;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments) argumentChunks++;
    }
    const done = await stream.finalChatCompletion();
    expect(argumentChunks).toBeGreaterThan(3);
    expect(done.choices[0]!.finish_reason).toBe('tool_calls');
    const call = done.choices[0]!.message
      .tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris', unit: 'fahrenheit', days: 3 });
  });

  it('answers a tool result in Markdown that quotes it, and refuses a result for no call', async () => {
    const first = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: ask }],
      tools: [weather],
    });
    const message = first.choices[0]!.message;
    const callId = message.tool_calls![0]!.id;
    const history: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: ask }, message];
    const answer = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [
        ...history,
        { role: 'tool', tool_call_id: callId, content: '{"temperature": 71, "sky": "clear"}' },
      ],
      tools: [weather],
    });
    const text = answer.choices[0]!.message.content!;
    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(text).toContain('`get_weather`');
    expect(text).toContain('**temperature**: 71');
    expect(text).toContain('deterministic writer');
    const err = await refusal(
      ctx.client.chat.completions.create({
        model: 'service-chat',
        messages: [...history, { role: 'tool', tool_call_id: 'call_unknown', content: 'x' }],
      }),
    );
    expect(err.status).toBe(400);
    expect(err.param).toBe('messages[2].tool_call_id');
  });

  it('refuses an invalid tool schema and a tool_choice naming no offered tool, naming the field', async () => {
    const bad = await refusal(
      ctx.client.chat.completions.create({
        model: 'service-chat',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [
          {
            type: 'function',
            function: { name: 'x', parameters: { type: 'object', properties: { a: { type: 'strin' } } } },
          },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.param).toBe('tools[0].function.parameters');
    const unknown = await refusal(
      ctx.client.chat.completions.create({
        model: 'service-chat',
        messages: [{ role: 'user', content: 'hi' }],
        tools: [weather],
        tool_choice: { type: 'function', function: { name: 'send_mail' } },
      }),
    );
    expect(unknown.param).toBe('tool_choice.function.name');
    expect(unknown.message).toContain('"get_weather"');
  });
});

describe('structured output through the openai client', () => {
  const Event = z.object({
    title: z.string(),
    attendees: z.array(z.string().email()).min(2),
    priority: z.enum(['low', 'high']),
    when: z.object({ date: z.string(), hours: z.number().min(0.5).max(8) }),
  });

  it('chat.completions.parse returns an object valid against a zod schema', async () => {
    const res = await ctx.client.chat.completions.parse({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'Plan it. title: Launch review, priority: high' }],
      response_format: zodResponseFormat(Event, 'event'),
    });
    const parsed = res.choices[0]!.message.parsed!;
    expect(Event.parse(parsed)).toEqual(parsed);
    expect(parsed.title).toBe('Launch review');
    expect(parsed.priority).toBe('high');
    expect(parsed.attendees).toHaveLength(2);
  });

  it('streams json_schema replies as JSON text, and json_object as an object', async () => {
    const stream = ctx.client.chat.completions.stream({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'title: Offsite' }],
      response_format: zodResponseFormat(Event, 'event'),
    });
    let chunks = 0;
    for await (const chunk of stream) if (chunk.choices[0]?.delta.content) chunks++;
    const done = await stream.finalChatCompletion();
    expect(chunks).toBeGreaterThan(5);
    expect(done.choices[0]!.message.parsed!.title).toBe('Offsite');
    const obj = await ctx.client.chat.completions.create({
      model: 'service-chat',
      messages: [{ role: 'user', content: 'Reply in JSON' }],
      response_format: { type: 'json_object' },
    });
    expect(JSON.parse(obj.choices[0]!.message.content!)).toMatchObject({ reply_to: 'Reply in JSON' });
  });

  it('refuses a schema feature it cannot satisfy, naming the keyword', async () => {
    const err = await refusal(
      ctx.client.chat.completions.create({
        model: 'service-chat',
        messages: [{ role: 'user', content: 'hi' }],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'code',
            strict: true,
            schema: {
              type: 'object',
              properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } },
              required: ['code'],
            },
          },
        },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.param).toBe('response_format.json_schema.schema');
    expect(err.message).toContain('"pattern"');
  });
});

describe('function tools through openai responses', () => {
  const tools: OpenAI.Responses.FunctionTool[] = [
    {
      type: 'function',
      name: 'get_weather',
      description: 'Weather for a city',
      strict: true,
      parameters: weather.function.parameters!,
    },
  ];

  it('returns a function_call item and answers its function_call_output after previous_response_id', async () => {
    const first = await ctx.client.responses.create({ model: 'service-chat', input: ask, tools });
    const call = first.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(call.type).toBe('function_call');
    expect(call.name).toBe('get_weather');
    expect(JSON.parse(call.arguments)).toEqual({ city: 'Paris', unit: 'fahrenheit', days: 3 });
    const second = await ctx.client.responses.create({
      model: 'service-chat',
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '{"temperature": 18}' }],
      tools,
    });
    expect(second.output_text).toContain('**temperature**: 18');
    const err = await refusal(
      ctx.client.responses.create({
        model: 'service-chat',
        previous_response_id: first.id,
        input: [{ type: 'function_call_output', call_id: 'call_nope', output: 'x' }],
      }),
    );
    expect(err.param).toBe('input[0].call_id');
  });

  it('streams function_call_arguments deltas the stream helper assembles, and text.format JSON', async () => {
    const stream = ctx.client.responses.stream({ model: 'service-chat', input: ask, tools });
    const deltas: string[] = [];
    stream.on('response.function_call_arguments.delta', (e) => deltas.push(e.delta));
    const done = await stream.finalResponse();
    expect(deltas.length).toBeGreaterThan(3);
    const call = done.output[0] as OpenAI.Responses.ResponseFunctionToolCall;
    expect(deltas.join('')).toBe(call.arguments);
    const json = await ctx.client.responses.create({
      model: 'service-chat',
      input: 'city: Oslo',
      text: {
        format: { type: 'json_schema', name: 'place', strict: true, schema: weather.function.parameters! },
      },
    });
    expect(JSON.parse(json.output_text)).toEqual({ city: 'Oslo', unit: 'celsius', days: 1 });
  });

  it('refuses an invalid function schema and an unknown keyword in text.format, naming the field', async () => {
    const bad = await refusal(
      ctx.client.responses.create({
        model: 'service-chat',
        input: 'hi',
        tools: [
          { type: 'function', name: 'f', strict: false, parameters: { type: 'object', required: 'a' } },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.param).toBe('tools[0].parameters');
    const unknown = await refusal(
      ctx.client.responses.create({
        model: 'service-chat',
        input: 'hi',
        text: { format: { type: 'json_schema', name: 'x', schema: { type: 'object', frobnicate: 1 } } },
      }),
    );
    expect(unknown.param).toBe('text.format.schema');
    expect(unknown.message).toContain('frobnicate');
  });
});
