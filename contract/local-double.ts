import { z } from 'zod';

/*
 * The body of PUT /v1/local/double, the per-key half of the local double's switch (decision 290,
 * docs/local-double.md). Local only: a real deployment has no such path, so this schema is its
 * definition. The directive text itself is parsed by the server's one directive parser.
 */
const SEND =
  'Send {"directives": "name=value; name=value"}, e.g. {"directives": "fault=429; retry-after=2; times=1"}. An empty string clears the switch.';

export const DoubleSwitchSchema = z.object({ directives: z.string({ error: SEND }) });

export type DoubleSwitch = z.output<typeof DoubleSwitchSchema>;
