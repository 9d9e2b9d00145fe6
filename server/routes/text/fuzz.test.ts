import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
beforeAll(() => {
  t = makeTestApp({ env: { EMULATOR_SPEED: '1000' } });
});
afterAll(() => t.close());

const ENDPOINTS: Array<[string, string]> = [
  ['/v1/chat/completions', 'service-chat'],
  ['/v1/responses', 'service-chat'],
  ['/v1/responses/compact', 'service-chat'],
  ['/v1/messages', 'service-messages'],
  ['/v1/messages/count_tokens', 'service-messages'],
  ['/v1/embeddings', 'service-embedding'],
];

/** Bodies shaped like real requests with any field replaced by anything. */
const field = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('user', 'assistant', 'system', 'tool', '', '/bench 3', 'text', 'input_text'),
  fc.array(
    fc.record({ role: fc.jsonValue(), content: fc.jsonValue(), type: fc.jsonValue() }, { requiredKeys: [] }),
    {
      maxLength: 3,
    },
  ),
);
/** Tool lists and choices shaped like the three formats', with any field replaced by anything. */
const tools = fc.oneof(
  fc.jsonValue(),
  fc.array(
    fc.record(
      {
        type: fc.oneof(fc.constantFrom('function', 'custom'), fc.jsonValue()),
        name: fc.oneof(fc.constantFrom('get_weather', 'a b', ''), fc.jsonValue()),
        function: fc.record({ name: fc.jsonValue(), parameters: fc.jsonValue() }, { requiredKeys: [] }),
        parameters: fc.oneof(fc.constant({ type: 'object' }), fc.jsonValue()),
        input_schema: fc.oneof(fc.constant({ type: 'object' }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 3 },
  ),
);
const toolChoice = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom('none', 'auto', 'required'),
  fc.record({
    type: fc.constantFrom('function', 'tool', 'any', 'auto'),
    name: fc.oneof(fc.constant('get_weather'), fc.jsonValue()),
    function: fc.record({ name: fc.jsonValue() }),
  }),
);
const format = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      type: fc.oneof(fc.constantFrom('text', 'json_object', 'json_schema'), fc.jsonValue()),
      name: fc.jsonValue(),
      schema: fc.jsonValue(),
      json_schema: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
);
const body = (model: string) =>
  fc.record(
    {
      model: fc.oneof(fc.constant(model), fc.jsonValue()),
      messages: field,
      input: field,
      system: field,
      max_tokens: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.jsonValue()),
      stream: fc.oneof(fc.boolean(), fc.jsonValue()),
      stop: field,
      stop_sequences: field,
      n: fc.oneof(fc.integer({ min: -1, max: 3 }), fc.jsonValue()),
      dimensions: fc.oneof(fc.integer({ min: -1, max: 40 }), fc.jsonValue()),
      encoding_format: fc.oneof(fc.constantFrom('float', 'base64'), fc.jsonValue()),
      previous_response_id: field,
      stream_options: field,
      tools,
      tool_choice: toolChoice,
      parallel_tool_calls: fc.oneof(fc.boolean(), fc.jsonValue()),
      response_format: format,
      text: fc.oneof(fc.jsonValue(), fc.record({ format })),
      conversation: fc.oneof(fc.constant(null), fc.jsonValue()),
    },
    { requiredKeys: [] },
  );

describe('text endpoints never answer 5xx to malformed JSON', () => {
  it.each(ENDPOINTS)('%s', async (path, model) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(body(model), fc.jsonValue()), async (json) => {
        const res = await t.req(path, { method: 'POST', json });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/json/);
      }),
      { numRuns: 150 },
    );
  });
});
