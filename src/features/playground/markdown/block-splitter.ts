import { parseMarkdownIntoBlocks } from 'streamdown';

/**
 * Splits a growing Markdown text into finished blocks and the block still being written, re-lexing
 * only the text after the last finished block. Finished blocks never change again, so they render
 * once; the cost of an update depends on the last block, not on the length of the reply.
 */
export class BlockSplitter {
  private readonly done: string[] = [];
  private doneLength = 0;
  private source = '';

  constructor(private readonly split: (markdown: string) => string[] = parseMarkdownIntoBlocks) {}

  update(text: string): { finished: readonly string[]; tail: string } {
    if (!text.startsWith(this.source.slice(0, this.doneLength))) this.reset();
    this.source = text;
    const rest = text.slice(this.doneLength);
    const blocks = this.split(rest);
    // The blocks must cover the text exactly to advance by their lengths; otherwise keep it all open.
    if (blocks.length > 1 && blocks.join('') === rest) {
      for (const block of blocks.slice(0, -1)) {
        this.done.push(block);
        this.doneLength += block.length;
      }
    }
    return { finished: this.done, tail: text.slice(this.doneLength) };
  }

  private reset(): void {
    this.done.length = 0;
    this.doneLength = 0;
  }
}
