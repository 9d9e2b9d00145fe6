import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from '@/features/playground/markdown/markdown-view';

const translations = {};

describe('MarkdownView', () => {
  it('renders headings one level down, so the page keeps its only h1', () => {
    const { container } = render(
      <MarkdownView text={'# Top\n\n## Second\n\n###### Deepest'} translations={translations} />,
    );
    expect(container.querySelector('h1')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Top', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Second', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deepest', level: 6 })).toBeInTheDocument();
  });

  it('shows raw HTML as text and keeps links safe', () => {
    const { container } = render(
      <MarkdownView
        text={'Hi <img src=x onerror="alert(1)"> [docs](https://example.com) [bad](javascript:alert(1))'}
        translations={translations}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
  });
});
