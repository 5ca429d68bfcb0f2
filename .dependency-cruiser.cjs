/**
 * The house rules for imports (`npm run check:layers`), kept by dependency-cruiser rather than a hand-written
 * checker: it resolves every import (relative, aliased, `import type`, dynamic `import('…')`) to a file and
 * follows the graph for the reachability rule.
 *   - Frontend zones as bulletproof-react draws them: a feature imports no other feature and not app/;
 *     components/, lib/ and config/ import no feature (what two features share moves there; pages and
 *     layouts that combine features live in app/).
 *   - Backend layers: handlers → services → adapters, never back; a handler, step or route table never calls an
 *     adapter directly.
 *   - The GPU worker (worker/) in its own room: AWS only through ports.ts and instance.ts, no Lambda service,
 *     handler, route or step; and no Lambda imports the worker.
 *   - What deploys (infra/lib, infra/bin/app.ts) imports nothing of local/.
 *   - No cycles, type-only imports included.
 *   - shared/ imports only zod (and itself): both the Lambdas and the browser compile it.
 *   - The image check's model (TensorFlow.js, nsfwjs, pngjs) only in worker/, never in lambdas/.
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

/** A forbidden edge: from files matching `from` to files matching `to` (`$1` is what `from` captured). */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'feature-imports-feature',
      'A feature imports no other feature: shared pieces move to components/ or lib/.',
      { path: '^frontend/src/features/([^/]+)/' },
      { path: '^frontend/src/features/([^/]+)/', pathNot: '^frontend/src/features/$1/' },
    ),
    forbid(
      'feature-imports-app',
      'app/ composes features; a feature never reaches back into it.',
      { path: '^frontend/src/features/' },
      { path: '^frontend/src/app/' },
    ),
    forbid(
      'shared-code-imports-feature',
      'components/, lib/ and config/ are below the features: they import none.',
      { path: '^frontend/src/(components|lib|config)/' },
      { path: '^frontend/src/(features|app)/' },
    ),
    forbid(
      'adapter-imports-service',
      'Services call adapters, never the reverse.',
      { path: '^lambdas/adapters/' },
      { path: '^lambdas/(services|handlers|routes)/' },
    ),
    forbid(
      'service-imports-handler',
      'Handlers call services, never the reverse.',
      { path: '^lambdas/services/' },
      { path: '^lambdas/(handlers|routes)/' },
    ),
    forbid(
      'shared-imports-only-zod',
      'shared/ is compiled by both sides: it imports itself and zod, no SDK, React or Node built-in.',
      { path: '^shared/' },
      { pathNot: '^shared/|(^|/)node_modules/zod/' },
    ),
    forbid(
      'sharp-only-through-lib-sharp',
      'Load sharp with loadSharp() from lambdas/lib/sharp.ts.',
      { path: '^lambdas/', pathNot: '^lambdas/lib/sharp\\.ts$' },
      { path: '^sharp$|(^|/)node_modules/sharp/' },
    ),
    forbid(
      'image-check-model-only-in-the-worker',
      'TensorFlow.js, nsfwjs and pngjs belong to the GPU worker (worker/): no Lambda bundle carries them.',
      { path: '^lambdas/' },
      { path: '(^|/)node_modules/(@tensorflow/|nsfwjs/|pngjs/)' },
    ),
    forbid(
      'handler-imports-adapter',
      'Handlers and flow steps call services; an adapter (an AWS client) is reached only through a service.',
      { path: '^lambdas/(handlers|steps|routes)/' },
      { path: '^lambdas/adapters/' },
    ),
    forbid(
      'worker-reaches-aws-through-ports',
      'The GPU worker reaches AWS through worker/ports.ts (the job queue, records, staging, task tokens) and worker/instance.ts (its own instance) only.',
      { path: '^worker/', pathNot: '^worker/(ports|instance)\\.ts$' },
      { path: '^lambdas/adapters/' },
    ),
    forbid(
      'worker-imports-no-lambda-logic',
      'The worker is not a Lambda: it imports no service, handler, route or step of lambdas/ (lambdas/lib/ for the logger and clock is shared).',
      { path: '^worker/' },
      { path: '^lambdas/(services|handlers|routes|steps)/' },
    ),
    forbid(
      'lambda-imports-worker',
      'No function bundle carries the worker (its ComfyUI client, graph and image check run on the GPU instance).',
      { path: '^lambdas/' },
      { path: '^worker/' },
    ),
    forbid(
      'deployed-infra-imports-local',
      'What deploys (infra/lib, infra/bin/app.ts) imports nothing of the local runtime, which is never deployed.',
      { path: '^infra/(lib/|bin/app\\.ts$)' },
      { path: '^local/' },
    ),
    {
      name: 'no-cycle',
      comment: 'No module imports itself back, however indirectly (a type-only import counts: move the shared type out).',
      severity: 'error',
      from: { path: '^(frontend/src|lambdas|shared|worker|infra)/' },
      to: { circular: true },
    },
    forbid(
      'read-route-reaches-write-side',
      'A public read route must not load the image store or its transactions, however indirectly.',
      { path: READ_HANDLER },
      { path: WRITE_SIDE, reachable: true },
    ),
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
