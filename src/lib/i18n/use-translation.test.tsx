import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, memo, Suspense, useMemo, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, StringsUnavailableError, type Resources } from './translator';
import { createUseTranslation } from './use-translation';

const RESOURCES: Record<string, Resources> = {
  'en/common': { hello: 'Hello', items_one: '{{count}} item', items_other: '{{count}} items' },
  'zh-CN/common': { hello: '你好', items_other: '{{count}} 项' },
  'en/tasks': { title: 'Tasks' },
  'zh-CN/tasks': { title: '任务' },
  'en/assets': { title: 'Assets' },
  'zh-CN/assets': { title: '素材库' },
};

/** A loader whose loads finish when the test says, to see what renders meanwhile. */
function manualLoader() {
  const waiting = new Map<string, (ok: boolean) => void>();
  const load = (lng: string, ns: string) =>
    new Promise<Resources>((resolve, reject) =>
      waiting.set(`${lng}/${ns}`, (ok) =>
        ok ? resolve(RESOURCES[`${lng}/${ns}`]!) : reject(new Error('Failed to fetch')),
      ),
    );
  const settle =
    (ok: boolean) =>
    async (...ids: string[]) => {
      await act(async () => {
        for (const id of ids) {
          const done = waiting.get(id);
          if (!done) throw new Error(`${id} was not requested`);
          waiting.delete(id);
          done(ok);
        }
      });
    };
  return { load, finish: settle(true), fail: settle(false), requested: () => [...waiting.keys()].sort() };
}

function setup() {
  const loader = manualLoader();
  const i18n = createI18n({ lng: 'en', fallbackLng: 'en', defaultNS: 'common', load: loader.load });
  return { i18n, useTranslation: createUseTranslation(i18n), ...loader };
}

describe('useTranslation', () => {
  it('suspends until its namespaces are loaded, then renders their strings', async () => {
    const { useTranslation, finish, requested } = setup();
    function Title() {
      const { t } = useTranslation('tasks');
      return <h1>{t('title')}</h1>;
    }
    // Awaited, as React asks of a render that suspends on `use` inside act.
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Title />
        </Suspense>,
      );
    });
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(requested()).toEqual(['en/common', 'en/tasks']);
    await finish('en/tasks');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await finish('en/common');
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
  });

  it('re-renders a memoised component, and gives a new t, when the language changes', async () => {
    const { i18n, useTranslation, finish } = setup();
    const loading = i18n.loadNamespaces(['common', 'assets']);
    await finish('en/common', 'en/assets');
    await loading;
    const Count = memo(function Count() {
      const { t, i18n: own } = useTranslation('assets');
      // As pages do: a memo keyed on t must recompute in the new language.
      const label = useMemo(() => `${t('title')} · ${t('items', { count: 1 })}`, [t]);
      return (
        <p lang={own.language}>
          {label} {t('hello')}
        </p>
      );
    });
    render(<Count />);
    expect(screen.getByText('Assets · 1 item Hello')).toHaveAttribute('lang', 'en');
    let switched!: Promise<void>;
    act(() => {
      switched = i18n.changeLanguage('zh-CN');
    });
    // Nothing in a mix of languages while the new strings load.
    expect(screen.getByText('Assets · 1 item Hello')).toBeInTheDocument();
    await finish('zh-CN/common', 'zh-CN/assets');
    await act(() => switched);
    expect(screen.getByText('素材库 · 1 项 你好')).toHaveAttribute('lang', 'zh-CN');
  });

  it('never renders keys: strings failed in the language and in English fail the part, and Retry brings them', async () => {
    const { i18n, useTranslation, finish, fail } = setup();
    function Title() {
      const { t } = useTranslation('tasks');
      return <h1>{t('title')}</h1>;
    }
    const caught: unknown[] = [];
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        caught.push(error);
      }
      retry = () => void i18n.loadNamespaces('tasks').then(() => this.setState({ failed: false }));
      override render() {
        return this.state.failed ? (
          <button type="button" onClick={this.retry}>
            Retry
          </button>
        ) : (
          this.props.children
        );
      }
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      render(
        <Boundary>
          <Suspense fallback={<p>Loading</p>}>
            <Title />
          </Suspense>
        </Boundary>,
      );
    });
    await finish('en/common');
    await fail('en/tasks');
    // Not stuck on the fallback, and no key where the title would be: a clear failure instead.
    expect(screen.queryByRole('heading')).toBeNull();
    expect(caught[0]).toBeInstanceOf(StringsUnavailableError);
    expect((caught[0] as StringsUnavailableError).namespaces).toEqual(['tasks']);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await finish('en/tasks');
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
  });

  it("shows English when only the language's strings failed", async () => {
    const { i18n, useTranslation, finish, fail } = setup();
    const switching = i18n.changeLanguage('zh-CN');
    await finish('en/common', 'zh-CN/common');
    await act(() => switching);
    function Title() {
      const { t } = useTranslation('tasks');
      return <h1>{t('title')}</h1>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>Loading</p>}>
          <Title />
        </Suspense>,
      );
    });
    await fail('zh-CN/tasks');
    await finish('en/tasks');
    expect(screen.getByRole('heading', { name: 'Tasks' })).toBeInTheDocument();
  });

  it('takes several namespaces, the first one first', async () => {
    const { i18n, useTranslation, finish } = setup();
    const loading = i18n.loadNamespaces(['common', 'tasks', 'assets']);
    await finish('en/common', 'en/tasks', 'en/assets');
    await loading;
    function Both() {
      const { t } = useTranslation(['assets', 'tasks']);
      return <p>{`${t('title')} / ${t('tasks:title')}`}</p>;
    }
    render(<Both />);
    expect(screen.getByText('Assets / Tasks')).toBeInTheDocument();
  });
});
