// The Lambda Node.js runtime, as much of it as our functions meet: one process per function, started
// in the function's own folder (a copy of what CDK deploys, with no node_modules above it, as in
// /var/task) with the environment the synthesized template gives the function. It imports
// index.mjs, provides the global `awslambda` (response streaming), and runs invocations the local
// host (local/functions/host.ts) sends over IPC. Plain JavaScript on purpose: nothing of the
// project's toolchain (tsx) is loaded into the function's process.
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const STREAMING = Symbol.for('aws.lambda.runtime.handler.streaming');
const send = (message) => process.connected && process.send(message);

globalThis.awslambda = {
  streamifyResponse(handler) {
    handler[STREAMING] = 'response';
    return handler;
  },
  HttpResponseStream: {
    from(stream, metadata) {
      stream.setMetadata?.(metadata);
      return stream;
    },
  },
};

/** Open response streams by invocation id: the host tells us when the viewer went away. */
const streams = new Map();

function context(c) {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: c.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: c.invokedFunctionArn,
    memoryLimitInMB: String(c.memoryLimitInMB),
    awsRequestId: c.awsRequestId,
    logGroupName: `/aws/lambda/${c.functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, c.deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  };
}

function errorOf(err) {
  return { name: err?.name ?? 'Error', message: err?.message ?? String(err), stack: err?.stack };
}

let handler;
try {
  ({ handler } = await import(pathToFileURL(`${dir}/index.mjs`).href));
  if (typeof handler !== 'function') throw new Error('index.mjs exports no handler function');
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'init-error', error: errorOf(err) });
  process.exit(1);
}

process.on('message', async (message) => {
  if (message.type === 'abort') {
    streams.get(message.id)?.destroy();
    return;
  }
  if (message.type !== 'invoke') return;
  const { id } = message;
  try {
    if (handler[STREAMING]) {
      let metadata = { statusCode: 200, headers: {} };
      let started = false;
      const head = () => {
        if (!started) send({ type: 'meta', id, metadata });
        started = true;
      };
      const stream = new Writable({
        write(chunk, _encoding, done) {
          head();
          send({ type: 'chunk', id, data: Buffer.from(chunk) });
          done();
        },
        final(done) {
          head();
          done();
        },
      });
      stream.setMetadata = (m) => {
        metadata = m;
      };
      streams.set(id, stream);
      await handler(message.event, stream, context(message.context));
      streams.delete(id);
      send({ type: 'end', id });
      return;
    }
    const result = await handler(message.event, context(message.context));
    send({ type: 'result', id, result });
  } catch (err) {
    streams.delete(id);
    send({ type: 'error', id, error: errorOf(err) });
  }
});
process.on('disconnect', () => process.exit(0));
