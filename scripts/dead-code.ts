/**
 * `npm run check:dead`: exports that no other file imports, and source files that nothing imports.
 * TypeScript 7's compiler has no JS API, so knip and ts-unused-exports cannot run here; this reads
 * the syntax with ts-morph (its own TypeScript) and follows import/export specifiers by path:
 * static imports, re-exports, `import type`, and dynamic `import('…')` (which uses every export of
 * the module it loads). Entry points that tools load by path (Lambda handlers, state machine steps,
 * bench files, scripts, the CDK app, Vite's entries) are allowed below, each with its reason.
 * Exports only tests import are listed as a note, not a failure (test hooks such as resetConfig).
 * Exit 1 when anything is unused.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Node, Project, type SourceFile, SyntaxKind } from 'ts-morph';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = ['shared', 'lambdas', 'local', 'worker', 'infra', 'frontend/src', 'scripts', 'bench', 'test'];

/** Files a tool loads by path; their exports are used by that tool. */
const ENTRY_FILES: [RegExp, string][] = [
  [/^lambdas\/(handlers|steps)\//, 'Lambda handlers: the route table and the state machine name them by path'],
  [/^bench\/.*\.bench\.ts$/, 'bench/run.ts loads every *.bench.ts'],
  [/^scripts\//, 'npm scripts run them'],
  [/^infra\/bin\//, 'the CDK app (cdk.json) and its tools'],
  [/^local\/start\.ts$/, 'npm start'],
  [/^local\/s3rver-process\.ts$/, 'local/stack.ts forks it by path (s3rver in its own process)'],
  [/^bench\/run\.ts$/, 'npm run bench'],
  [/^worker\/main\.ts$/, 'the GPU instance runs it (systemd)'],
  [/^frontend\/src\/(main\.tsx|prerender\.tsx|boot\.js)$/, 'index.html and vite.config.ts load them'],
  [/^test\//, 'vitest runs them'],
  [/\.d\.ts$/, 'type declarations'],
];
/** Single exports kept on purpose. */
const KEEP = new Map<string, string>([['frontend/src/app/router.tsx#AppRoutes', 'prerender.tsx renders it']]);

const project = new Project({ skipAddingFilesFromTsConfig: true, compilerOptions: { allowJs: true, jsx: 4 } });
for (const dir of SOURCES)
  project.addSourceFilesAtPaths([`${ROOT}/${dir}/**/*.{ts,tsx}`, `!${ROOT}/**/node_modules/**`, `!${ROOT}/**/dist/**`]);

const rel = (f: SourceFile | string) => relative(ROOT, typeof f === 'string' ? f : f.getFilePath());

/** The frontend's `@shared/…` alias (frontend/tsconfig.json, frontend/vite.config.ts). */
const SHARED_ALIAS = '@shared/';

function resolveSpecifier(from: SourceFile, spec: string): string | undefined {
  if (!spec.startsWith('.') && !spec.startsWith(SHARED_ALIAS)) return undefined;
  const base = spec.startsWith(SHARED_ALIAS)
    ? join(ROOT, 'shared', spec.slice(SHARED_ALIAS.length))
    : resolve(dirname(from.getFilePath()), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    base.replace(/\.js$/, '.ts'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const used = new Map<string, Set<string>>(); // file → names imported by others ('*' = all)
const usedByProduct = new Map<string, Set<string>>();
const imported = new Set<string>();
const use = (file: string, name: string, byTest: boolean) => {
  imported.add(file);
  for (const map of byTest ? [used] : [used, usedByProduct]) {
    if (!map.has(file)) map.set(file, new Set());
    map.get(file)?.add(name);
  }
};

for (const file of project.getSourceFiles()) {
  const byTest = rel(file).startsWith('test/');
  for (const decl of file.getImportDeclarations()) {
    const target = resolveSpecifier(file, decl.getModuleSpecifierValue());
    if (!target) continue;
    if (decl.getNamespaceImport()) use(target, '*', byTest);
    if (decl.getDefaultImport()) use(target, 'default', byTest);
    for (const named of decl.getNamedImports()) use(target, named.getName(), byTest);
    if (!decl.getImportClause()) use(target, '', byTest); // side-effect import
  }
  for (const decl of file.getExportDeclarations()) {
    const spec = decl.getModuleSpecifierValue();
    const target = spec ? resolveSpecifier(file, spec) : undefined;
    if (!target) continue;
    if (decl.isNamespaceExport() || decl.getNamedExports().length === 0) use(target, '*', byTest);
    for (const named of decl.getNamedExports()) use(target, named.getName(), byTest);
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.getExpression().getKind() !== SyntaxKind.ImportKeyword) continue;
    const arg = call.getArguments()[0];
    if (!arg || !Node.isStringLiteral(arg)) continue;
    const target = resolveSpecifier(file, arg.getLiteralValue());
    if (target) use(target, '*', byTest);
  }
}

const unused: string[] = [];
const testOnly: string[] = [];
const orphans: string[] = [];
for (const file of project.getSourceFiles()) {
  const path = rel(file);
  if (ENTRY_FILES.some(([re]) => re.test(path))) continue;
  if (!imported.has(file.getFilePath())) {
    orphans.push(path);
    continue;
  }
  const names = used.get(file.getFilePath()) ?? new Set();
  const productNames = usedByProduct.get(file.getFilePath()) ?? new Set();
  for (const [name, decls] of file.getExportedDeclarations()) {
    if (KEEP.has(`${path}#${name}`)) continue;
    // A re-export of another module's name is that module's concern.
    if (decls.every((d) => d.getSourceFile() !== file)) continue;
    // Types cost nothing at run time and props interfaces are exported by house style: values only.
    if (decls.every((d) => Node.isInterfaceDeclaration(d) || Node.isTypeAliasDeclaration(d))) continue;
    if (names.has('*') || names.has(name)) {
      if (!productNames.has('*') && !productNames.has(name) && !path.startsWith('test/')) testOnly.push(`${path}: ${name}`);
      continue;
    }
    unused.push(`${path}: ${name}`);
  }
}

if (testOnly.length) {
  console.info(`note: ${testOnly.length} exports only tests import (test hooks and fixtures; not a failure):`);
  for (const line of testOnly) console.info(`  ${line}`);
}
if (orphans.length || unused.length) {
  for (const line of orphans) console.error(`unused file: ${line}`);
  for (const line of unused) console.error(`unused export: ${line}`);
  console.error(`dead-code check: ${orphans.length} unused files, ${unused.length} unused exports`);
  process.exit(1);
}
console.info(`dead-code check: ${project.getSourceFiles().length} files, no unused file or export`);
