import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildOptions, Plugin } from 'esbuild';
import { API_AREAS, type ApiArea, type RouteDef } from '../../lambdas/routes';

/**
 * Every Lambda function of the stack and how it is built: the one definition that the build
 * (scripts/build-lambdas.ts), the CDK constructs (which deploy exactly the folders it writes) and
 * the local runtime (which loads those same folders) share. No aws-cdk-lib import: the build and the
 * local runtime load this cheaply.
 */
export interface FunctionDef {
  /** Folder name under dist/functions/ and the seed of the construct id. */
  id: string;
  /** One handler module (relative to lambdas/, exporting `handler`)… */
  entry?: string;
  /** …or the routes of one API area: the bundle is a router over them (lambdas/lib/router.ts). */
  routes?: readonly RouteDef[];
  memoryMb: number;
  timeoutSeconds: number;
  /** Native packages installed beside the bundle instead of bundled (x86_64 Linux); imported lazily. */
  nativeModules: readonly string[];
  /** The built SPA's index.html copied into the bundle as `site-shell.html` (the picture page). */
  siteShell: boolean;
  /** A response-streaming handler (a Function URL behind CloudFront). */
  stream: boolean;
}

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LAMBDAS_DIR = join(REPO, 'lambdas');
/** Where `npm run build:lambdas` writes one folder per function: what CDK deploys and `npm start` loads. */
export const FUNCTIONS_DIR = join(REPO, 'dist/functions');
export const functionDir = (id: string) => join(FUNCTIONS_DIR, id);
/**
 * The median function's bundle at most, raw bytes of its index.mjs (issue 31 item 6): over it,
 * `npm run check:bundles` fails (scripts/bundle-sides.ts, `bundleBudgetViolation`).
 */
export const MEDIAN_BUNDLE_BUDGET_BYTES = 600_000;
/** Template metadata naming a function's id (its AWS::Lambda::Function resource carries it). */
export const FUNCTION_METADATA_KEY = 'artloom:function';

/**
 * The default credential chain's fallbacks (SSO, shared ini files, a credential process, web
 * identity, and the nested STS/SSO clients they load): the chain imports them lazily and only when
 * the environment has no credentials, which in Lambda (and in the local runtime, which gives each
 * function its key) never happens. Left out of the bundles (~100 kB each); were one ever needed,
 * the nodejs24.x runtime's own copy of the SDK would answer the import. (The Bedrock client's token
 * provider is imported statically, so it stays in: `npm run check:bundles` loads every bundle bare.)
 */
const CREDENTIAL_FALLBACKS = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/nested-clients',
];

/** The Lambda runtime's major (nodejs24.x) and the esbuild target that matches it. */
const BUNDLE_TARGET = 'node24';
/** ESM bundles need a require shim for the CommonJS dependencies they carry. */
const BUNDLE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

/** Lambda entry (relative to lambdas/) of each step of the generation flow. */
export const STEP_ENTRIES = {
  RecordJob: 'steps/record-job.ts',
  EnsureCapacity: 'steps/ensure-capacity.ts',
  StoreImage: 'steps/store-image.ts',
  MarkFailed: 'steps/mark-failed.ts',
};
export type StepName = keyof typeof STEP_ENTRIES;
export const STEP_NAMES = Object.keys(STEP_ENTRIES) as StepName[];

const DEFAULTS = { memoryMb: 256, timeoutSeconds: 10, nativeModules: [], siteShell: false, stream: false } as const;

/** An API area's function: its routes' largest memory and timeout, the union of their native modules. */
function areaFunction(area: ApiArea): FunctionDef {
  const routes: readonly RouteDef[] = API_AREAS[area];
  return {
    id: apiFunctionId(area),
    routes,
    memoryMb: Math.max(DEFAULTS.memoryMb, ...routes.map((r) => r.memoryMb ?? 0)),
    timeoutSeconds: Math.max(DEFAULTS.timeoutSeconds, ...routes.map((r) => r.timeoutSeconds ?? 0)),
    nativeModules: [...new Set(routes.flatMap((r) => r.nativeModules ?? []))],
    siteShell: routes.some((r) => r.siteShell),
    stream: routes.some((r) => r.stream),
  };
}

export const apiFunctionId = (area: ApiArea) => `api-${area}`;
const stepFunctionId = (step: StepName) => `step-${step.replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}`;

export const API_FUNCTIONS = Object.fromEntries((Object.keys(API_AREAS) as ApiArea[]).map((area) => [area, areaFunction(area)])) as Record<
  ApiArea,
  FunctionDef
>;

const step = (name: StepName, settings: Partial<FunctionDef> = {}): FunctionDef => ({
  ...DEFAULTS,
  id: stepFunctionId(name),
  entry: STEP_ENTRIES[name],
  ...settings,
});

export const STEP_FUNCTIONS: Record<StepName, FunctionDef> = {
  RecordJob: step('RecordJob'),
  EnsureCapacity: step('EnsureCapacity'),
  // sharp decodes a 1920x1080 PNG and encodes the WebP thumbnail: memory is also CPU in Lambda.
  StoreImage: step('StoreImage', { memoryMb: 1024, timeoutSeconds: 30, nativeModules: ['sharp'] }),
  MarkFailed: step('MarkFailed'),
};

/** The scheduled functions: the job reconciler (one page of open jobs, a DescribeExecution each) and the cost backstop. */
export const RECONCILER_FUNCTION: FunctionDef = {
  ...DEFAULTS,
  id: 'reconciler',
  entry: 'handlers/system/reconcile.ts',
  timeoutSeconds: 60,
};
export const BACKSTOP_FUNCTION: FunctionDef = {
  ...DEFAULTS,
  id: 'cost-backstop',
  entry: 'handlers/system/cost-backstop.ts',
  timeoutSeconds: 30,
};

export const FUNCTIONS: readonly FunctionDef[] = [
  ...Object.values(API_FUNCTIONS),
  ...Object.values(STEP_FUNCTIONS),
  RECONCILER_FUNCTION,
  BACKSTOP_FUNCTION,
];

/**
 * The esbuild options of every bundle, in one place: ESM for node24, minified, the source map in a
 * file beside the bundle (linked, not inlined), the AWS SDK bundled at the lockfile's version (the
 * code the tests ran, not the runtime's copy), native modules left out (installed beside it).
 */
export function esbuildOptions(fn: FunctionDef): BuildOptions {
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    minify: true,
    sourcemap: 'linked',
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: BUNDLE_BANNER },
    external: [...fn.nativeModules, ...CREDENTIAL_FALLBACKS],
    outfile: join(functionDir(fn.id), 'index.mjs'),
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [zodEnglishOnly, zodNoJsonSchema],
  };
  if (fn.entry) return { ...common, entryPoints: [join(LAMBDAS_DIR, fn.entry)] };
  return {
    ...common,
    stdin: { contents: routerSource(fn.routes ?? []), resolveDir: LAMBDAS_DIR, sourcefile: `${fn.id}.ts`, loader: 'ts' },
  };
}

/**
 * The entry of an area's bundle: its routes' handlers behind one router, keyed as API Gateway names
 * them. A streaming area (one route, a Function URL) exports its handler as it is.
 */
export function routerSource(routes: readonly RouteDef[]): string {
  const entries = [...new Set(routes.map((r) => r.entry))];
  const imports = entries.map((entry, i) => `import { handler as h${i} } from './${entry.replace(/\.ts$/, '')}';`);
  if (routes.some((r) => r.stream)) {
    if (entries.length !== 1) throw new Error('a streaming area has exactly one handler');
    return [...imports, 'export const handler = h0;'].join('\n');
  }
  const table = routes.map((r) => `  ${JSON.stringify(`${r.method} ${r.path}`)}: h${entries.indexOf(r.entry)},`);
  return ["import { apiRouter } from './lib/router';", ...imports, 'export const handler = apiRouter({', ...table, '});'].join('\n');
}

/**
 * zod's classic API re-exports every locale (`z.locales`, 260 KB minified of a 1.2 MB bundle) while
 * only English is ever configured (zod's default, which it imports directly). The bundles get an
 * index of locales holding English alone; nothing reads `z.locales`.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
    }));
  },
};

/**
 * zod's JSON Schema conversion (`schema.toJSONSchema()`, `z.toJSONSchema`, Standard Schema's
 * `~standard.jsonSchema`) rides in every bundle because each classic schema type keeps a reference
 * to its converter, though no handler converts a schema: core/to-json-schema.js and
 * core/json-schema-processors.js, 18 KB minified. The bundles get stubs of both: every export throws
 * if ever called, the two method factories (which `~standard` calls) return a method that throws,
 * and `aggregateChecks` (read by `z.string().minLength` and the like) stays zod's own.
 * test/unit/infra/bundling.test.ts proves parsing never reaches a stub.
 */
const ZOD_REAL = '?zod-real';
const ZOD_JSON_SCHEMA_STUBS: Record<string, { factories?: string[]; keep?: string[] }> = {
  'to-json-schema.js': { factories: ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod'] },
  'json-schema-processors.js': { keep: ['aggregateChecks'] },
};
const zodNoJsonSchema: Plugin = {
  name: 'zod-no-json-schema',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/ }, async (args) => {
      if (args.suffix === ZOD_REAL) return undefined;
      const { factories = [], keep = [] } = ZOD_JSON_SCHEMA_STUBS[basename(args.path)] ?? {};
      const names = Object.keys(await import(pathToFileURL(args.path).href)).filter((n) => !keep.includes(n) && !factories.includes(n));
      const message = "zod's JSON Schema conversion is left out of the Lambda bundles (zodNoJsonSchema in infra/lib/lambda-functions.ts)";
      const lines = [`const stub = () => { throw new Error(${JSON.stringify(message)}); };`, 'const factory = () => stub;'];
      if (names.length) lines.push(`export { ${names.map((n) => `stub as ${n}`).join(', ')} };`);
      if (factories.length) lines.push(`export { ${factories.map((n) => `factory as ${n}`).join(', ')} };`);
      if (keep.length) lines.push(`export { ${keep.join(', ')} } from ${JSON.stringify(`${args.path}${ZOD_REAL}`)};`);
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};
