import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { useUrlDialog } from './use-url-dialog';

/** Moves focus into a dialog as it mounts, as Radix does. */
const takeFocus = (el: HTMLButtonElement | null) => el?.focus();

/** A page with a search-param dialog (?new=1) and a path dialog (/things/<id>), opened by buttons and links. */
function ThingsPage() {
  const create = useUrlDialog({ param: 'new' });
  const item = useUrlDialog({ basePath: '/things' });
  return (
    <div>
      <button onClick={() => create.open()}>New thing</button>
      <button onClick={() => item.open('t 1', new URLSearchParams('group=g'))}>Open t 1</button>
      <p data-testid="mounted">{String(create.everOpened)}</p>
      {create.isOpen && (
        <div role="dialog" aria-label="Create">
          <button ref={takeFocus} onClick={() => create.close()}>
            Cancel
          </button>
          <button onClick={() => item.open('made')}>Create and open</button>
        </div>
      )}
      {item.isOpen && (
        <div role="dialog" aria-label={`Item ${item.value}`}>
          <button ref={takeFocus} onClick={() => item.onOpenChange(false)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

function renderPage(at = '/things?page=2') {
  return renderRoutes({ '/things/*': <ThingsPage /> }, { at });
}

const where = (router: ReturnType<typeof renderPage>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('useUrlDialog', () => {
  it('keeps a create dialog in a search param, keeps the rest of the URL, and stays mounted', async () => {
    const { router } = renderPage();
    expect(screen.getByTestId('mounted')).toHaveTextContent('false');
    fireEvent.click(screen.getByRole('button', { name: 'New thing' }));
    expect(where(router)).toBe('/things?page=2&new=1');
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(where(router)).toBe('/things?page=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('mounted')).toHaveTextContent('true');
  });

  it('opens from the URL itself (a reload, a shared link), without an opener to go back to', () => {
    renderPage('/things/t%201?new=1');
    expect(screen.getByRole('dialog', { name: 'Item t 1' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByTestId('mounted')).toHaveTextContent('true');
  });

  it('gives focus back to the button that opened it once the dialog has gone', async () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'New thing' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The focused button leaves the DOM with the dialog: focus falls to <body> until restored.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('puts an item in the path with the given search, and returns focus when Back closes it', async () => {
    const { router } = renderPage();
    const opener = screen.getByRole('button', { name: 'Open t 1' });
    opener.focus();
    fireEvent.click(opener);
    expect(where(router)).toBe('/things/t%201?group=g');
    expect(screen.getByRole('dialog', { name: 'Item t 1' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(where(router)).toBe('/things?page=2');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a dialog opened from inside another returns focus to what opened the first', async () => {
    const { router } = renderPage();
    const opener = screen.getByRole('button', { name: 'New thing' });
    opener.focus();
    fireEvent.click(opener);
    const inner = screen.getByRole('button', { name: 'Create and open' });
    inner.focus();
    fireEvent.click(inner);
    // The item opens over the create dialog, then both close.
    expect(screen.getByRole('dialog', { name: 'Item made' })).toBeInTheDocument();
    await act(() => router.navigate('/things'));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('leaves focus alone when the person has moved it elsewhere', async () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'New thing' });
    opener.focus();
    fireEvent.click(opener);
    const other = screen.getByRole('button', { name: 'Open t 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    other.focus();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(other).toHaveFocus();
  });
});
