import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { Badge } from './badge';
import { Button } from './button';
import { CardContent, CardHeader } from './card';
import { Input } from './input';
import { JsonView } from './json-view';
import { Label } from './label';
import { Progress } from './progress';
import { Spinner } from './spinner';
import { Textarea } from './textarea';

/**
 * cn() no longer merges (decision 235): two utilities for one property on one element are both
 * kept and Tailwind's stylesheet order, not the class order, decides. This renders the shared
 * components in every variant, with the placement classes their callers pass, and fails when one
 * element carries two utilities of a group below (same variant prefix such as `hover:`).
 */
const GROUPS: [string, RegExp][] = [
  ['display', /^(flex|inline-flex|grid|inline-grid|block|inline-block|hidden|contents)$/],
  ['flex-direction', /^flex-(row|col)(-reverse)?$/],
  ['height', /^h-/],
  ['width', /^w-/],
  ['size', /^size-/],
  ['min-height', /^min-h-/],
  ['max-height', /^max-h-/],
  ['max-width', /^max-w-/],
  ['padding', /^p-/],
  ['padding-x', /^px-/],
  ['padding-y', /^py-/],
  ['padding-top', /^pt-/],
  ['padding-right', /^pr-/],
  ['margin-top', /^mt-/],
  ['gap', /^gap-\d/],
  ['font-size', /^text-(xs|sm|base|lg|xl|\dxl)$/],
  ['text-color', /^text-(?!(xs|sm|base|lg|xl|\dxl|left|center|right)$)/],
  ['font-weight', /^font-(normal|medium|semibold|bold)$/],
  ['line-height', /^leading-/],
  ['rounding', /^rounded(-(none|sm|md|lg|xl|full))?$/],
  ['white-space', /^whitespace-/],
  ['align-items', /^items-/],
  ['background', /^bg-/],
];

function conflicts(className: string): string[] {
  const seen = new Map<string, string>();
  const found: string[] = [];
  for (const token of className.split(/\s+/).filter(Boolean)) {
    const cut = token.lastIndexOf(':');
    const prefix = token.slice(0, cut + 1);
    const utility = token.slice(cut + 1);
    const group = GROUPS.find(([, re]) => re.test(utility))?.[0];
    if (!group) continue;
    const key = prefix + group;
    const earlier = seen.get(key);
    if (earlier && earlier !== token) found.push(`${earlier} / ${token}`);
    seen.set(key, token);
  }
  return found;
}

function expectNoConflicts(ui: ReactElement) {
  const { container, unmount } = render(ui);
  const offending = [...container.querySelectorAll('[class]')]
    .map((el) => ({
      className: el.getAttribute('class') ?? '',
      pairs: conflicts(el.getAttribute('class') ?? ''),
    }))
    .filter((e) => e.pairs.length > 0);
  unmount();
  expect(offending).toEqual([]);
}

const BUTTON_VARIANTS = [
  'default',
  'secondary',
  'outline',
  'ghost',
  'ghost-destructive',
  'destructive',
  'link',
] as const;
const BUTTON_SIZES = ['default', 'sm', 'lg', 'icon', 'icon-sm', 'inline'] as const;

describe('shared components keep one utility per property', () => {
  it('finds a conflicting pair (the check itself works)', () => {
    expect(conflicts('flex h-9 px-3 hover:bg-accent h-8')).toEqual(['h-9 / h-8']);
    expect(conflicts('text-sm text-muted-foreground hover:text-foreground')).toEqual([]);
  });

  it.each(BUTTON_VARIANTS.flatMap((variant) => BUTTON_SIZES.map((size) => [variant, size] as const)))(
    'Button %s / %s',
    (variant, size) => {
      expectNoConflicts(
        <Button variant={variant} size={size} className="self-start gap-2">
          x
        </Button>,
      );
    },
  );

  it('Badge, Spinner, Label, Progress, JsonView, Card parts and TabsContent in each of their options', () => {
    for (const variant of [
      'default',
      'secondary',
      'outline',
      'success',
      'warning',
      'destructive',
      'muted',
    ] as const) {
      expectNoConflicts(<Badge variant={variant}>x</Badge>);
    }
    for (const size of ['default', 'lg'] as const)
      expectNoConflicts(<Spinner size={size} className="text-muted-foreground" />);
    for (const weight of ['medium', 'normal'] as const) expectNoConflicts(<Label weight={weight}>x</Label>);
    for (const size of ['default', 'compact', 'strip'] as const) {
      expectNoConflicts(<Progress size={size} value={40} label="x" className="ml-auto shrink-0" />);
    }
    for (const maxHeight of ['sm', 'default', 'lg'] as const) {
      for (const wrap of [false, true])
        expectNoConflicts(<JsonView value={{ a: 1 }} maxHeight={maxHeight} wrap={wrap} />);
    }
    for (const row of [false, true]) expectNoConflicts(<CardHeader row={row} className="space-y-0" />);
    for (const standalone of [false, true]) {
      expectNoConflicts(<CardContent standalone={standalone} className="flex flex-col gap-6" />);
    }
    for (const gap of ['none', 'default', 'loose'] as const) {
      expectNoConflicts(
        <Tabs value="a">
          <TabsContent value="a" gap={gap} className="flex flex-col gap-2" />
        </Tabs>,
      );
    }
  });

  it('Input and Textarea in each of their options', () => {
    for (const controlSize of ['default', 'sm'] as const) {
      for (const text of ['default', 'mono', 'code'] as const) {
        expectNoConflicts(<Input controlSize={controlSize} text={text} className="min-w-64 flex-1" />);
        expectNoConflicts(<Input controlSize={controlSize} text={text} fill={false} className="w-56" />);
      }
    }
    for (const minHeight of ['default', 'sm'] as const) {
      for (const code of [false, true]) expectNoConflicts(<Textarea minHeight={minHeight} code={code} />);
    }
  });
});
