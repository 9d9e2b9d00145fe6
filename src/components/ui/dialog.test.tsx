import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Close as DialogClose } from '@radix-ui/react-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

/** A dialog opened by state, as most here are (no Dialog.Trigger): Radix alone gave focus to <body>. */
function Opened({
  disableOnOpen = false,
  elsewhere = false,
}: {
  disableOnOpen?: boolean;
  elsewhere?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        // As Run turns into a disabled "Nothing to run" once its shots are sent.
        disabled={disableOnOpen && used}
        onClick={() => {
          setOpen(true);
          setUsed(true);
        }}
      >
        Delete batch
      </button>
      <button type="button">Somewhere else</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={
            elsewhere
              ? (event) => {
                  event.preventDefault();
                  screen.getByRole('button', { name: 'Somewhere else' }).focus();
                }
              : undefined
          }
        >
          <DialogTitle>Delete “Catalogue”?</DialogTitle>
          <DialogDescription>Its tasks stay in Tasks.</DialogDescription>
          <DialogClose>Cancel</DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('a dialog opened without a trigger gives the focus back on close', () => {
  it('to the button that opened it, on Cancel and on Escape', async () => {
    const user = userEvent.setup();
    render(<Opened />);
    const opener = screen.getByRole('button', { name: 'Delete batch' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('not to an opener that was disabled meanwhile, and not over a caller that chose elsewhere', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Opened disableOnOpen />);
    await user.click(screen.getByRole('button', { name: 'Delete batch' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete batch' })).not.toHaveFocus();
    unmount();

    render(<Opened elsewhere />);
    await user.click(screen.getByRole('button', { name: 'Delete batch' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Somewhere else' })).toHaveFocus());
  });
});
