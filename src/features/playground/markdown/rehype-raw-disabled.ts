/**
 * Stands in for rehype-raw, which streamdown imports for its default (HTML-parsing) pipeline. The
 * playground never parses HTML in model output (remark-html-as-text turns it into text first), and
 * rehype-raw brings parse5, about a third of the renderer's weight. vite.config.ts aliases
 * `rehype-raw` here (decision 055). A plugin that leaves the tree as it is.
 */
export default function rehypeRawDisabled() {
  return undefined;
}
