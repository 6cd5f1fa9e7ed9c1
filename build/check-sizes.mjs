// `npm run check:sizes`: no source file or stylesheet past MAX_LINES lines unless its opening comment
// says why it is kept whole, on a line of its own starting with "Kept whole:" (after `//`, `/*` or the
// ` *` of a block comment's later line). A long file is usually two concerns; the few that are one
// (a schema of many tables, a document of many routes) say so.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 400;
/** Where the reason must stand: in the file's opening lines. */
const HEAD_LINES = 20;

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.css'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !/\.(test|spec)\.tsx?$/.test(f) && !f.startsWith('e2e/'));

const unexplained = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  const lines = text.split('\n').length;
  if (lines <= MAX_LINES) continue;
  const head = text.split('\n').slice(0, HEAD_LINES);
  if (!head.some((l) => /^\s*(\/\/|\/\*+|\*)\s*Kept whole:\s*\S/.test(l))) unexplained.push(`${file} (${lines} lines)`);
}
if (unexplained.length > 0) {
  console.error(
    `Over ${MAX_LINES} lines with no "Kept whole:" reason in their first ${HEAD_LINES} lines; split them or say why:\n  ${unexplained.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`Every source file and stylesheet is at most ${MAX_LINES} lines, or says why it is kept whole.`);
