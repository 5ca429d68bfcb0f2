import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalQueueError, type LocalQueues, queueNameFromUrl } from './queue';
import { LocalSfnError, type LocalStepFunctions } from './runner';

/**
 * Step Functions and SQS as the AWS SDK speaks to them (awsJson1_0: POST / with
 * `x-amz-target: AWSStepFunctions.<Op>` or `AmazonSQS.<Op>`), for the operations the project uses.
 * The handlers' and the worker's SDK clients point here through SFN_ENDPOINT / SQS_ENDPOINT.
 */
type Body = Record<string, unknown>;
/** `signal` aborts when the caller hangs up before the answer (an aborted long poll). */
type Op = (body: Body, signal: AbortSignal) => Promise<unknown> | unknown;

class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export function sfnOperations(sfn: LocalStepFunctions): Record<string, Op> {
  return {
    startExecution: (b) => {
      const record = sfn.start(String(b.name ?? crypto.randomUUID()), String(b.input ?? '{}'));
      return { executionArn: record.executionArn, startDate: record.startDate.getTime() / 1000 };
    },
    stopExecution: (b) => ({ stopDate: sfn.stop(String(b.executionArn), b.error as string, b.cause as string).getTime() / 1000 }),
    describeExecution: (b) => {
      const r = sfn.executions.get(String(b.executionArn));
      if (!r) throw new AwsError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(b.executionArn)}'`);
      return {
        executionArn: r.executionArn,
        name: r.name,
        status: r.status,
        startDate: r.startDate.getTime() / 1000,
        ...(r.stopDate ? { stopDate: r.stopDate.getTime() / 1000 } : {}),
        input: r.input,
        ...(r.output ? { output: r.output } : {}),
        ...(r.error ? { error: r.error, cause: r.cause } : {}),
      };
    },
    sendTaskSuccess: (b) => {
      sfn.succeed(String(b.taskToken), String(b.output ?? '{}'));
      return {};
    },
    sendTaskFailure: (b) => {
      sfn.fail(String(b.taskToken), b.error as string | undefined, b.cause as string | undefined);
      return {};
    },
    sendTaskHeartbeat: (b) => {
      sfn.heartbeat(String(b.taskToken));
      return {};
    },
  };
}

export function sqsOperations(queues: LocalQueues): Record<string, Op> {
  const name = (b: Body) => queueNameFromUrl(String(b.QueueUrl ?? ''));
  return {
    sendMessage: (b) => queues.send(name(b), String(b.MessageBody ?? '')),
    receiveMessage: async (b, signal) => {
      const messages = await queues.receive(
        name(b),
        Number(b.MaxNumberOfMessages ?? 1),
        Number(b.WaitTimeSeconds ?? 0),
        Number(b.VisibilityTimeout ?? 30),
        signal,
      );
      return messages.length ? { Messages: messages } : {};
    },
    deleteMessage: (b) => {
      queues.delete(name(b), String(b.ReceiptHandle));
      return {};
    },
    changeMessageVisibility: (b) => {
      queues.changeVisibility(name(b), String(b.ReceiptHandle), Number(b.VisibilityTimeout ?? 0));
      return {};
    },
    getQueueAttributes: (b) => ({ Attributes: queues.attributes(name(b)) }),
    getQueueUrl: (b) => ({ QueueUrl: `http://localhost/000000000000/${String(b.QueueName)}` }),
  };
}

async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Body) : {};
}

export async function startAwsJsonServer(services: Record<string, Record<string, Op>>): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const [service = '', op = ''] = target.split('.');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    const hangUp = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort();
    });
    try {
      // Operations are keyed in camelCase (StartExecution → startExecution).
      const fn = services[service]?.[op.charAt(0).toLowerCase() + op.slice(1)];
      if (!fn) throw new AwsError('UnknownOperationException', `The local stand-in does not implement ${target || '(no target)'}.`);
      send(200, await fn(await readBody(req), hangUp.signal));
    } catch (err) {
      if (err instanceof AwsError || err instanceof LocalSfnError || err instanceof LocalQueueError) {
        send(err instanceof AwsError ? err.status : 400, { __type: err.type, message: err.message });
      } else {
        send(500, { __type: 'InternalFailure', message: (err as Error).message });
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
