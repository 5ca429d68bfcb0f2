/**
 * `npm run bench`: runs every `bench/*.bench.ts` in turn (each exports `run(): Promise<void>` and
 * prints its own table). Figures, never assertions. `npm run bench -- gallery` runs only matching files.
 */
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Node 24, as the Lambdas (nodejs24.x): the SDK has no notice to give; kept quiet for older tools.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const filter = process.argv[2];
const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
for (const file of files) {
  console.info(`\n=== ${file} ===`);
  const mod = (await import(pathToFileURL(`${dir}/${file}`).href)) as { run: () => Promise<void> };
  await mod.run();
}
process.exit(0);
