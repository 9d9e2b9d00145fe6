import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/*
 * `local/no-import-cycle`: a module must not reach itself again through its imports and re-exports,
 * type-only ones included (a type-only circle still ties two modules' designs to each other, and
 * becomes a runtime one the day a value is imported the same way), and lazy `import()`s included:
 * a lazily loaded part that imports back the module that loads it is one design in two files, and
 * its chunk carries (or shares) what was meant to stay behind. The project's aliases are resolved
 * as tsconfig.base.json has them; packages are not followed.
 *
 * Written here rather than taken from eslint-plugin-import-x, which the project does not install:
 * this is the one rule of that plugin the architecture asks for (issue 33).
 */

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** @type {Map<string, { mtimeMs: number; deps: string[] }>} */
const cache = new Map();

/** The project's root: the folder of the nearest package.json above `file`. */
function rootOf(file) {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) return path.dirname(file);
    dir = up;
  }
  return dir;
}

function resolve(specifier, from, root) {
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('@contract/')) base = path.join(root, 'contract', specifier.slice(10));
  else return undefined;
  const bare = base.replace(/\.js$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((ext) => bare + ext)]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The specifiers `source` imports: imports and re-exports (type-only ones included) and lazy `import('…')`s. */
function importsOf(source, fileName) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const statement of file.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  // A lazy import may sit anywhere (a route table, a preload on hover): walk the whole tree, and
  // only when the text has one at all.
  if (source.includes('import(')) {
    const visit = (node) => {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        found.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

function depsOf(file, root) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const known = cache.get(file);
  if (known && known.mtimeMs === stat.mtimeMs) return known.deps;
  const deps = importsOf(fs.readFileSync(file, 'utf8'), file)
    .map((specifier) => resolve(specifier, file, root))
    .filter((dep) => dep !== undefined);
  cache.set(file, { mtimeMs: stat.mtimeMs, deps });
  return deps;
}

/** A path of files from `start` back to `target`, or undefined. */
function pathBack(start, target, root) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const dep of depsOf(file, root)) {
      if (dep === target) return trail;
      if (!seen.has(dep)) stack.push([dep, [...trail, dep]]);
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import circles, type-only and lazy imports included' },
    schema: [],
    messages: {
      cycle:
        'Import circle: {{chain}}. Move what both need into a module of its own that neither imports back (ARCHITECTURE.md).',
    },
  },
  create(context) {
    const self = context.filename;
    if (!/\.tsx?$/.test(self)) return {};
    const root = rootOf(self);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const dep = resolve(node.source.value, self, root);
      if (!dep) return;
      const trail = dep === self ? [] : pathBack(dep, self, root);
      if (!trail) return;
      const chain = [self, ...trail, self].map((file) => path.relative(root, file)).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { chain } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
