import { memo, useMemo, type ComponentProps } from 'react';
import {
  defaultRehypePlugins,
  defaultRemarkPlugins,
  Streamdown,
  type Components,
  type StreamdownTranslations,
} from 'streamdown';
import { lazyCodePlugin } from '@/features/playground/markdown/lazy-code-plugin';
import { rehypeDemoteHeadings } from '@/features/playground/markdown/rehype-demote-headings';
import { remarkHtmlAsText } from '@/features/playground/markdown/remark-html-as-text';
import { useTranslation } from '@/lib/i18n';
import './markdown.css';

const plugins = { code: lazyCodePlugin };
// No rehype-raw: HTML never becomes elements (remarkHtmlAsText turns it into text first);
// sanitize and harden still strip dangerous URLs (javascript:, data:) from links and images.
const rehypePlugins = [defaultRehypePlugins.sanitize!, defaultRehypePlugins.harden!, rehypeDemoteHeadings];
const remarkPlugins = [...Object.values(defaultRemarkPlugins), remarkHtmlAsText];

function Link({ href, children, node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) {
  if (!href) return <span {...props}>{children}</span>;
  return (
    <a
      {...props}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-primary underline underline-offset-2"
    >
      {children}
    </a>
  );
}

const components: Components = { a: Link };

/** Text that is already one block (BlockSplitter's output) is not lexed into blocks a second time. */
const oneBlock = (markdown: string) => [markdown];

/**
 * The labels of streamdown's controls (copy code, table menus) in the page's language. Computed by
 * the reply, once, and passed to each block: a block per paragraph calling `useTranslation` itself
 * cost a lookup of every label per block.
 */
export function useMarkdownTranslations(): Partial<StreamdownTranslations> {
  const { t } = useTranslation('playground');
  return useMemo(
    () => ({
      copyCode: t('markdown.copyCode'),
      downloadFile: t('markdown.downloadFile'),
      copied: t('markdown.copied'),
      copyTable: t('markdown.copyTable'),
      copyTableAsMarkdown: t('markdown.copyTableAsMarkdown'),
      copyTableAsCsv: t('markdown.copyTableAsCsv'),
      copyTableAsTsv: t('markdown.copyTableAsTsv'),
      downloadTable: t('markdown.downloadTable'),
      downloadTableAsCsv: t('markdown.downloadTableAsCsv'),
      downloadTableAsMarkdown: t('markdown.downloadTableAsMarkdown'),
    }),
    [t],
  );
}

/** One Markdown text, rendered safely; `streaming` lets an unfinished block render sanely. */
export const MarkdownView = memo(function MarkdownView({
  text,
  streaming = false,
  translations,
}: {
  text: string;
  streaming?: boolean;
  translations: Partial<StreamdownTranslations>;
}) {
  return (
    <Streamdown
      mode={streaming ? 'streaming' : 'static'}
      parseIncompleteMarkdown={streaming}
      isAnimating={streaming}
      parseMarkdownIntoBlocksFn={oneBlock}
      plugins={plugins}
      rehypePlugins={rehypePlugins}
      remarkPlugins={remarkPlugins}
      components={components}
      linkSafety={{ enabled: false }}
      translations={translations}
      className="space-y-3 text-sm leading-relaxed break-words"
    >
      {text}
    </Streamdown>
  );
});
