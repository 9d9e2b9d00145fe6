import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fieldElementId } from '@/lib/form/focus';
import type { FormIssue } from '@/lib/form/issues';
import { tooLong } from '@/lib/form/issues';
import type { Refusal } from '@/lib/form/refusal';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { Field } from './field';
import { FormNamespace } from './issue-text';
import { StickyProblems, SubmitPanel } from './submit-panel';

type F = 'url' | 'name' | 'role';
const FIELDS: F[] = ['url', 'name', 'role'];

/** A form on the kit, as the register dialog is: its words are the asset-register namespace's. */
function TestForm({
  send,
  refusal = null,
  layout = 'footer',
}: {
  send: () => void;
  refusal?: Refusal<F, unknown> | null;
  layout?: 'side' | 'footer';
}) {
  const [values, setValues] = useState<Record<F, string>>({ url: '', name: '', role: '' });
  const issues: FormIssue<F>[] = [
    ...(values.url ? [] : [{ field: 'url' as const, code: 'urlRequired' }]),
    ...tooLong<F>('name', values.name, 3),
    ...tooLong<F>('role', values.role, 3),
  ];
  const form = useFormFeedback({
    issues,
    showWhen: (issue) => (issue.code.endsWith('Required') ? 'submit' : 'left'),
    elementId: (field) => fieldElementId('test', field),
    refusal,
  });
  return (
    <FormNamespace.Provider value="asset-register">
      <form {...form.formProps(send)}>
        {FIELDS.map((field) => (
          <Field key={field} id={fieldElementId('test', field)} label={field} feedback={form.feedback(field)}>
            {(control) => (
              <input
                {...control}
                value={values[field]}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              />
            )}
          </Field>
        ))}
        <SubmitPanel layout={layout} refusedTitle="Refused" {...form.panel}>
          <StickyProblems />
          <button type="submit">Send</button>
        </SubmitPanel>
      </form>
    </FormNamespace.Provider>
  );
}

const problems = () => screen.queryByTestId('validation-summary');

describe('the submit panel and the submit hook every form uses', () => {
  it('a submit with problems sends nothing and focuses the first problem; each listed problem links to its field', async () => {
    const send = vi.fn();
    render(<TestForm send={send} />);
    await userEvent.type(screen.getByLabelText('role'), 'abcd');
    await userEvent.type(screen.getByLabelText('name'), 'abcd');
    expect(problems()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveFocus());

    const summary = problems()!;
    expect(summary).toHaveAttribute('role', 'alert');
    expect(summary).toHaveTextContent('Fix these 3 problems before submitting:');
    const links = within(summary).getAllByRole('button');
    expect(links.map((l) => l.textContent)).toEqual([
      'Enter the public http(s) URL of the media, such as https://example.com/cat.png.',
      'This is 4 characters long; the limit is 3.',
      'This is 4 characters long; the limit is 3.',
    ]);
    await userEvent.click(links[2]!);
    await waitFor(() => expect(screen.getByLabelText('role')).toHaveFocus());
    await userEvent.click(links[1]!);
    await waitFor(() => expect(screen.getByLabelText('name')).toHaveFocus());
    // Typing key by key is slow on a busy machine; nothing here waits on time.
  }, 20_000);

  it('one problem is the link alone, without a count; the panel goes once nothing blocks, and then the form sends', async () => {
    const send = vi.fn();
    render(<TestForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const summary = problems()!;
    expect(summary).toHaveTextContent(/^Enter the public http\(s\) URL of the media/);
    expect(within(summary).getAllByRole('button')).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('url'), 'https://example.com/a.png');
    expect(problems()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a fresh field is judged once left, not while it is typed; "required" waits for a submit', async () => {
    render(<TestForm send={vi.fn()} />);
    const name = screen.getByLabelText('name');
    await userEvent.type(name, 'abcd');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('url')).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This is 4 characters long; the limit is 3.');
    expect(screen.getByLabelText('url')).not.toHaveAttribute('aria-invalid');
    // A shown problem follows the value: it goes the moment the value is right.
    await userEvent.type(name, '{Backspace}');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('a refusal naming a field is pinned to it and takes focus there; the panel shows it in full', async () => {
    const refusal: Refusal<F, unknown> = {
      message: 'role must be at most 64 characters',
      field: 'role',
      snapshot: {},
      error: new Error('role must be at most 64 characters'),
      index: 0,
      created: [],
    };
    render(<TestForm send={vi.fn()} refusal={refusal} />);
    const role = screen.getByLabelText('role');
    await waitFor(() => expect(role).toHaveFocus());
    expect(role).toHaveAccessibleDescription('role must be at most 64 characters');
    expect(screen.getByTestId('submit-refusal')).toHaveTextContent('Refused');
  });

  it("the bar stuck to a phone's screen counts the problems and takes focus to the first, far above", async () => {
    render(<TestForm send={vi.fn()} layout="side" />);
    expect(screen.queryByRole('button', { name: /problems? to fix/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('role'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const jump = screen.getByRole('button', { name: '2 problems to fix: go to the first' });
    await userEvent.click(screen.getByLabelText('role'));
    await userEvent.click(jump);
    await waitFor(() => expect(screen.getByLabelText('url')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('url'), 'https://example.com/a.png');
    expect(screen.getByRole('button', { name: '1 problem to fix: go to it' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('role'), '{Backspace}');
    expect(screen.queryByRole('button', { name: /problems? to fix/ })).toBeNull();
  });
});
