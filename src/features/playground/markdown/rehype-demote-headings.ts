interface Node {
  type: string;
  tagName?: string;
  children?: Node[];
}

const HEADING = /^h([1-6])$/;

/**
 * Model output's headings one level down (`#` becomes an h2, `######` stays an h6): the page's
 * title is its only h1, and a reply is a part of the page, not a page of its own.
 */
export function rehypeDemoteHeadings() {
  const walk = (node: Node) => {
    const level = node.type === 'element' ? HEADING.exec(node.tagName ?? '')?.[1] : undefined;
    if (level) node.tagName = `h${Math.min(6, Number(level) + 1)}`;
    node.children?.forEach(walk);
  };
  return (tree: Node) => walk(tree);
}
