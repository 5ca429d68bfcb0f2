/**
 * The house rules for imports (`npm run check:layers`), kept by dependency-cruiser rather than a hand-written
 * checker: it resolves every import (relative, aliased, `import type`, dynamic `import('…')`) to a file and
 * follows the graph for the reachability rule.
 *   - Frontend zones as bulletproof-react draws them: a feature imports no other feature and not app/;
 *     components/, lib/ and config/ import no feature (what two features share moves there; pages and
 *     layouts that combine features live in app/).
 *   - Backend layers: handlers → services → adapters, never back.
 *   - shared/ imports only zod (and itself): both the Lambdas and the browser compile it.
 *   - sharp only through lambdas/lib/sharp.ts (lazily): the native module is installed only beside the
 *     functions that declare it, so no other module may load it.
 *   - A public read route reaches no write-side module (the image store or its transactions), however many
 *     imports away. Read handlers are named by the route table's convention: every handler outside admin/
 *     whose verb is not post-/put-/delete-/save- (test/unit/tooling/check-layers.test.ts holds the route
 *     table to that convention, so a new GET route cannot slip past this rule by its name).
 * TypeScript 7 has no JS API, so dependency-cruiser parses with swc (@swc/core, a dev dependency).
 */
const READ_HANDLER = '^lambdas/handlers/(?!admin/)[^/]+/(?!(post|put|delete|save)-)[^/]+\\.ts$';
const WRITE_SIDE = '^lambdas/(services/image-store|adapters/image-transactions)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-feature',
      comment: 'A feature imports no other feature: shared pieces move to components/ or lib/.',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/([^/]+)/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'feature-imports-app',
      comment: 'app/ composes features; a feature never reaches back into it.',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'shared-code-imports-feature',
      comment: 'components/, lib/ and config/ are below the features: they import none.',
      severity: 'error',
      from: { path: '^frontend/src/(components|lib|config)/' },
      to: { path: '^frontend/src/(features|app)/' },
    },
    {
      name: 'adapter-imports-service',
      comment: 'Services call adapters, never the reverse.',
      severity: 'error',
      from: { path: '^lambdas/adapters/' },
      to: { path: '^lambdas/(services|handlers|routes)/' },
    },
    {
      name: 'service-imports-handler',
      comment: 'Handlers call services, never the reverse.',
      severity: 'error',
      from: { path: '^lambdas/services/' },
      to: { path: '^lambdas/(handlers|routes)/' },
    },
    {
      name: 'shared-imports-only-zod',
      comment: 'shared/ is compiled by both sides: it imports itself and zod, no SDK, React or Node built-in.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: '^shared/|(^|/)node_modules/zod/' },
    },
    {
      name: 'sharp-only-through-lib-sharp',
      comment: 'Load sharp with loadSharp() from lambdas/lib/sharp.ts.',
      severity: 'error',
      from: { path: '^lambdas/', pathNot: '^lambdas/lib/sharp\\.ts$' },
      to: { path: '^sharp$|(^|/)node_modules/sharp/' },
    },
    {
      name: 'read-route-reaches-write-side',
      comment: 'A public read route must not load the image store or its transactions, however indirectly.',
      severity: 'error',
      from: { path: READ_HANDLER },
      to: { path: WRITE_SIDE, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    parser: 'swc',
    // Resolves the frontend's alias for shared/ (@shared/*); the backend uses relative paths only.
    tsConfig: { fileName: 'frontend/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'] },
  },
};
