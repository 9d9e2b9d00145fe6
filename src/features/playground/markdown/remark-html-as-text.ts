interface Node {
  type: string;
  value?: string;
  children?: Node[];
}

/**
 * Raw HTML in model output is shown as the text it is, never parsed: a `<script>` or an
 * `<img onerror>` in a reply reads as those characters and does nothing. (Dropping it instead, as
 * remark-rehype does by default, would hide what the model actually wrote.)
 */
export function remarkHtmlAsText() {
  const walk = (node: Node) => {
    if (node.type === 'html') node.type = 'text';
    node.children?.forEach(walk);
  };
  return (tree: Node) => walk(tree);
}
