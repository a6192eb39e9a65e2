import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/*
 * The product's rules live in the repository (docs/product-rules.md, docs/decisions/). A comment
 * that points at a document outside it leaves a newcomer with a reference they cannot follow.
 */
const root = path.resolve(import.meta.dirname, '..');
const OUTSIDE_DOCUMENTS = /\b(SPEC|DESIGN)(\.md\b| ?§)/;

it('no source, test, script or doc points at a document outside the repository', () => {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|tsx|mjs|js|md|sql)$/.test(file) && file !== 'scripts/no-outside-references.test.ts');
  const hits: string[] = [];
  for (const file of tracked) {
    if (!fs.existsSync(path.join(root, file))) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    text.split('\n').forEach((line, n) => {
      if (OUTSIDE_DOCUMENTS.test(line)) hits.push(`${file}:${n + 1}: ${line.trim()}`);
    });
  }
  expect(hits).toEqual([]);
});
