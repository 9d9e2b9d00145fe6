/**
 * Builds docs/decisions/README.md, the index of decision records, from the records themselves:
 * number, title (the `# NNN: Title` line), Date and Status. `npm run decisions` rewrites it;
 * scripts/decisions-index.test.ts fails when the committed index is stale or a record lacks a line.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

export const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
export const INDEX_FILE = 'README.md';
const RECORD_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;

export interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

/** The fields of one record; throws naming the file and the missing line, so a record gets fixed. */
export function parseDecision(file: string, text: string): DecisionRecord {
  const number = RECORD_NAME.exec(file)?.[1];
  if (!number) throw new Error(`${file}: a decision record is named NNN-title-in-kebab-case.md`);
  const heading = /^# (\d{3}): (.+)$/m.exec(text);
  if (!heading) throw new Error(`${file}: the first heading must be "# ${number}: Title"`);
  if (heading[1] !== number)
    throw new Error(`${file}: the heading says ${heading[1]}, the file name ${number}`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})\s*$/m.exec(text)?.[1];
  if (!date) throw new Error(`${file}: add a "Date: YYYY-MM-DD" line under the heading`);
  const status = /^Status: (.+)$/m.exec(text)?.[1]?.trim();
  if (!status)
    throw new Error(`${file}: add a "Status: accepted" (or superseded by NNN…) line under the heading`);
  return { file, number, title: heading[2]!.trim(), date, status };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The index as `prettier --check` (npm run lint) expects it: tables aligned. */
export async function renderIndex(records: DecisionRecord[]): Promise<string> {
  const rows = [...records]
    .sort((a, b) => a.number.localeCompare(b.number))
    .map((r) => `| [${r.number}](${r.file}) | ${cell(r.title)} | ${r.date} | ${cell(r.status)} |`);
  const markdown = [
    '# Decision records',
    '',
    'Choices a newcomer would question, one file each: Context, Decision, Consequences. Code and',
    'docs refer to them by number ("decision 046"). Numbers are handed out in ranges per area, so',
    'gaps are expected.',
    '',
    'This index is generated from the records by `npm run decisions` (scripts/decisions-index.ts);',
    'a unit test fails when it is stale.',
    '',
    '| # | Decision | Date | Status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  const file = `${DECISIONS_DIR}${INDEX_FILE}`;
  return format(markdown, { ...(await resolveConfig(file)), filepath: file });
}

export function readDecisions(dir = DECISIONS_DIR): DecisionRecord[] {
  return readdirSync(dir)
    .filter((file) => file !== INDEX_FILE && file.endsWith('.md'))
    .map((file) => parseDecision(file, readFileSync(`${dir}${file}`, 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(`${DECISIONS_DIR}${INDEX_FILE}`, await renderIndex(readDecisions()));
}
