import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * styles.ts imports Mantine's CSS per component instead of the whole 290 kB styles.css. A component
 * whose CSS is missing renders unstyled without any error, so this derives the list the way the
 * bundler sees it: every @mantine/core export the client (or @mantine/dates and
 * @mantine/notifications) imports, followed through Mantine's own modules to each CSS module they use.
 */
const root = path.resolve(import.meta.dirname, '../..');
const core = path.join(root, 'node_modules/@mantine/core');
const read = (file: string) => fs.readFileSync(file, 'utf8');
const sourceFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.test.ts'))
    .map((name) => path.join(dir, name));

function namesImportedFromCore(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)].flatMap((match) =>
    match[1]!.split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean),
  );
}

function cssModulesReachedFrom(names: Set<string>): Set<string> {
  const index = path.join(core, 'esm/index.mjs');
  const fileOf = new Map<string, string>();
  for (const match of read(index).matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const name of match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/).pop()!)) {
      fileOf.set(name, path.resolve(path.dirname(index), match[2]!));
    }
  }
  const seen = new Set<string>();
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const cssModule = /([^/]+)\.module\.mjs$/.exec(file);
    if (cssModule) modules.add(cssModule[1]!);
    for (const match of read(file).matchAll(/from\s*"(\.[^"]+)"/g)) visit(path.resolve(path.dirname(file), match[1]!));
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (file) visit(file);
  }
  return modules;
}

function importedStyles(): string[] {
  return [...read(path.join(root, 'src/client/styles.ts')).matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((match) => match[1]!);
}

describe('Mantine styles', () => {
  it('imports the CSS of every Mantine component the client can render', () => {
    const used = new Set<string>();
    for (const dir of ['src/client', 'node_modules/@mantine/dates/esm', 'node_modules/@mantine/notifications/esm']) {
      for (const file of sourceFiles(path.join(root, dir))) for (const name of namesImportedFromCore(read(file))) used.add(name);
    }
    expect(used.has('Button')).toBe(true);
    const needed = cssModulesReachedFrom(used);
    expect(needed.size).toBeGreaterThan(20);
    const missing = [...needed].filter((name) => !importedStyles().includes(name));
    expect(missing, 'add these to src/client/styles.ts').toEqual([]);
  });

  it('keeps the global styles first and the rest in the order of the full styles.css', () => {
    const imported = importedStyles();
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const full = read(path.join(core, 'styles.css'));
    const positions = imported.map((name) => full.indexOf(read(path.join(core, 'styles', `${name}.css`)).trim()));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
