import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventFrame, jsonTemplate } from './paced-stream';

describe('jsonTemplate', () => {
  it('fills slots exactly as serialising the whole payload would', () => {
    const frame = (seq: unknown, delta: unknown) =>
      eventFrame('x.delta', { type: 'x.delta', sequence_number: seq, delta, nested: { keep: 'a"b' } });
    const fill = jsonTemplate((seq, delta) => frame(seq, delta), 2);
    fc.assert(
      fc.property(fc.nat(), fc.string({ unit: 'grapheme' }), (seq, delta) => {
        expect(fill(seq, delta)).toBe(frame(seq, delta));
      }),
    );
    expect(fill(3, '"\n\u2028</script>')).toBe(frame(3, '"\n\u2028</script>'));
  });
});
