import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, INDEX_FILE, parseDecision, readDecisions, renderIndex } from './decisions-index';

const RECORD = `# 046: Tasks are polled adaptively

Date: 2026-11-22
Status: accepted (updated by 093)

## Context
`;

describe('decision index', () => {
  it('reads number, title, date and status of a record', () => {
    expect(parseDecision('046-adaptive-task-polling.md', RECORD)).toEqual({
      file: '046-adaptive-task-polling.md',
      number: '046',
      title: 'Tasks are polled adaptively',
      date: '2026-11-22',
      status: 'accepted (updated by 093)',
    });
  });

  it('names the file and the line a record lacks', () => {
    expect(() => parseDecision('046-x.md', RECORD.replace(/^Date:.*$/m, ''))).toThrow(
      /046-x.md: add a "Date/,
    );
    expect(() => parseDecision('046-x.md', RECORD.replace(/^Status:.*$/m, ''))).toThrow(/Status/);
    expect(() => parseDecision('047-x.md', RECORD)).toThrow(/heading says 046/);
    expect(() => parseDecision('notes.md', RECORD)).toThrow(/NNN-title/);
  });

  it('every record has a Date and a Status, and the committed index is current (npm run decisions)', async () => {
    const committed = readFileSync(`${DECISIONS_DIR}${INDEX_FILE}`, 'utf8');
    expect(committed).toBe(await renderIndex(readDecisions()));
  });
});
