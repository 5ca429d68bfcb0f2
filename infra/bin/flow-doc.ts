import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generationDefinition } from '../../local/sfn/definition';
import { renderStateTable, withStateTable } from '../lib/flow-doc';

/**
 * Rewrites the state table in docs/deploy.md from the synthesized generation definition:
 *   node --import tsx infra/bin/flow-doc.ts
 */
const doc = join(dirname(fileURLToPath(import.meta.url)), '../../docs/deploy.md');
const table = renderStateTable(await generationDefinition());
await writeFile(doc, withStateTable(await readFile(doc, 'utf8'), table));
console.log(`docs/deploy.md: ${table.split('\n').length - 4} states`);
