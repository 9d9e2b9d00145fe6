import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import type { CompareColumn } from './compare-column';
import { DifferenceSummary, RequestDifferences } from './request-differences';
import { requestFacts } from './request-facts';

const column = (id: string, request: Record<string, unknown>, heading: string) => {
  const task: TrackedTask = { id, kind: 'video', createdAt: 1, source: 'composer', request };
  return { column: { task, data: undefined, heading } satisfies CompareColumn, facts: requestFacts(task) };
};

describe("Compare's request differences (the one difference table, shared with template versions)", () => {
  it('says which fields differ and marks their rows, the prompt word by word', () => {
    const a = column('task_a', { model: 'm', prompt: 'a red fox', duration: 5 }, 'Variant 1');
    const b = column('task_b', { model: 'm', prompt: 'a grey fox', duration: 10 }, 'Variant 2');
    const facts = [a.facts, b.facts];
    render(
      <>
        <DifferenceSummary facts={facts} />
        <RequestDifferences columns={[a.column, b.column]} facts={facts} />
      </>,
    );
    expect(screen.getByTestId('difference-summary')).toHaveTextContent('2 fields differ: Prompt, Duration');
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Variant 1', 'Variant 2']);
    const prompt = within(table).getByRole('row', { name: /^Prompt ?\(differs\)/ });
    expect(prompt).toHaveAttribute('data-differs', 'true');
    expect(within(prompt).getByText('grey', { selector: 'ins' })).toBeInTheDocument();
    expect(within(prompt).getByText('red', { selector: 'del' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Duration ?\(differs\)/ })).toHaveTextContent(/5\s*10/);
    expect(within(table).getByRole('row', { name: /^Model/ })).toHaveAttribute('data-differs', 'false');
  });

  it('says the requests are the same when they are', () => {
    const a = column('task_a', { model: 'm', prompt: 'fox' }, 'Result 1');
    render(<DifferenceSummary facts={[a.facts, a.facts]} />);
    expect(screen.getByTestId('difference-summary')).toHaveTextContent('The requests are the same');
  });
});
