/**
 * Issue 43: cost estimates update within one frame (16.7 ms) as a form changes. Times what runs
 * on each change to show the estimate in tokens and money by the person's prices, with the pages'
 * own functions: a keystroke in the composer's prompt (a draft with nine references: the body,
 * its token estimate and billing rule, the sum and its formatting), a value changed in a sweep of
 * four variations, and one cell edited in a batch of 1,000 and of 10,000 rows (every row's body
 * priced again and the tokens summed, as the run panel does). Row checking itself is
 * batch-check.bench.ts's. Wall time and this process's CPU time (fairer on a shared machine).
 * Run: npx tsx bench/cost-estimate.bench.ts
 */
import { checkRows } from '../src/features/batches/batch-check';
import { emptyBatch, type Batch } from '../src/features/batches/batch-model';
import { guessColumns, toRows } from '../src/features/batches/batch-table';
import { variantBodies } from '../src/features/composer/variations/variants';
import { formatMoney, sumCosts, type PriceBook } from '../src/lib/money/prices';
import { requestCostInput } from '../src/lib/money/task-cost';
import { draftToRequest, EMPTY_COMPOSER_DRAFT, type ComposerDraft } from '../src/lib/video-draft/draft';
import { loadAverages, median, percentile, timeRuns } from './stats';

const FRAME_MS = 1000 / 60;
const MODELS = ['video-2.0-cl', 'video-2.0-cl-fast', 'video-2.0-cl-mini'];
const book: PriceBook = {
  currency: 'USD',
  prices: MODELS.flatMap((model, i) => [
    {
      id: `${i}w`,
      model,
      kind: 'video',
      rule: 'withVideo' as const,
      unit: 'per1kTokens' as const,
      amount: 0.03,
    },
    {
      id: `${i}o`,
      model,
      kind: 'video',
      rule: 'withoutVideo' as const,
      unit: 'per1kTokens' as const,
      amount: 0.01,
    },
  ]),
};

/** What one change shows: tokens and money, priced and formatted. */
function estimate(bodies: readonly object[]): string {
  const inputs = bodies.map((body) => requestCostInput({ kind: 'video', body }));
  const tokens = inputs.reduce((sum, c) => sum + (c.tokens ?? 0), 0);
  const money = sumCosts(book, inputs);
  return `${tokens} ${formatMoney(money.amount, book.currency, 'en')}`;
}

const draft: ComposerDraft = {
  ...EMPTY_COMPOSER_DRAFT,
  prompt: 'A slow dolly shot of @image1 on a table, then @video1 plays behind it',
  references: Array.from({ length: 9 }, (_, i) => ({
    key: `r${i}`,
    role: i === 8 ? 'reference_video' : 'reference_image',
    mediaType: i === 8 ? 'video' : 'image',
    alias: i === 8 ? 'video1' : `image${i + 1}`,
    url: `Asset://asset_${i}`,
  })),
};

function batchOf(n: number): Batch {
  const request = {
    model: 'video-2.0-cl',
    prompt: 'A product shot of {{product}} on {{surface}}, @image1 turning slowly',
    duration: 5,
    ratio: '16:9',
    resolution: '720p',
  };
  const headers = ['product', 'surface', 'duration', 'reference_image'];
  return {
    ...emptyBatch(),
    request,
    headers,
    columns: guessColumns(headers, request),
    rows: toRows(
      Array.from({ length: n }, (_, i) => [
        `product ${i}`,
        'oak',
        String(4 + (i % 12)),
        `Asset://asset_${i}`,
      ]),
    ),
  };
}

/** Median and 99th percentile of `runs` changes (wall time), and their median CPU time (ms). */
function time(runs: number, change: (i: number) => unknown) {
  const { wall, cpu } = timeRuns(runs, change);
  return { median: median(wall), p99: percentile(wall, 0.99), cpu: median(cpu) };
}

const cases: [string, ReturnType<typeof time>][] = [];
cases.push([
  'composer keystroke (9 references)',
  time(1000, (i) => estimate([draftToRequest({ ...draft, prompt: `${draft.prompt} ${i}` })])),
]);
cases.push([
  'variations, one value changed (4 variants)',
  time(1000, (i) =>
    estimate(variantBodies(draft, { param: 'duration', values: ['5', '8', '10', String(4 + (i % 12))] })),
  ),
]);
for (const n of [1_000, 10_000]) {
  const checks = checkRows(batchOf(n));
  cases.push([
    `batch of ${n} rows, one cell edited`,
    time(30, () => estimate(checks.flatMap((c) => (c?.ok ? [c.body] : [])))),
  ]);
}
let over = false;
for (const [name, r] of cases) {
  console.log(
    `${name}: median ${r.median.toFixed(3)} ms, p99 ${r.p99.toFixed(3)} ms, median CPU ${r.cpu.toFixed(3)} ms (one frame ${FRAME_MS.toFixed(1)} ms)`,
  );
  // CPU time: on a machine shared with other work, the wall time is mostly waiting for a core.
  if (r.cpu > FRAME_MS) over = true;
}
console.log(loadAverages());
if (over) {
  console.error('an estimate took longer than one frame');
  process.exit(1);
}
