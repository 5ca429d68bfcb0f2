import './polyfill';
import { randomUUID } from 'node:crypto';
import { StateMachine } from 'aws-local-stepfunctions';
import type { AslDefinition } from './definition';
import { HeartbeatWatch } from './heartbeats';
import { type LocalQueues, queueNameFromUrl } from './queue';

/**
 * Runs executions of one ASL definition with aws-local-stepfunctions, plus what it lacks:
 * - Lambda Task states run local handlers (by function name in the Resource ARN);
 * - `sqs:sendMessage.waitForTaskToken` states put the message on the local queue and wait for
 *   SendTaskSuccess/Failure, with a fresh token per attempt (as in AWS) and the state's
 *   HeartbeatSeconds(Path) enforced between heartbeats (States.HeartbeatTimeout);
 * - StopExecution aborts the run and invalidates its tokens.
 */
export class LocalSfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

type Handler = (input: unknown) => Promise<unknown>;

interface Pending {
  executionArn: string;
  resolve: (output: unknown) => void;
  reject: (err: Error) => void;
}

export interface ExecutionRecord {
  executionArn: string;
  name: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  abort: () => void;
  done: Promise<void>;
}

export interface LocalRunnerOptions {
  stateMachineArn: string;
  definition: AslDefinition;
  /** Handler per Lambda function name (the last segment of the Task's Resource ARN). */
  functions: Record<string, Handler>;
  queues: LocalQueues;
  /** Replace every Retry interval (ms): keeps retry tests fast. Undefined = the definition's. */
  retryIntervalMs?: number;
  /** Replace every Wait state's time (ms): keeps capacity-wait tests fast. Undefined = the definition's. */
  waitMs?: number;
  log?: (line: string) => void;
  /** Log every state transition (LOCAL_SFN_TRACE=1). */
  trace?: boolean;
}

const TOKEN_TASK = /^arn:aws:states:::sqs:sendMessage\.waitForTaskToken$/;

export class LocalStepFunctions {
  readonly executions = new Map<string, ExecutionRecord>();
  private readonly pending = new Map<string, Pending>();
  private readonly machine: StateMachine;
  private readonly heartbeats: HeartbeatWatch;

  constructor(private readonly opts: LocalRunnerOptions) {
    this.heartbeats = new HeartbeatWatch();
    this.machine = new StateMachine(localized(opts.definition) as never, { validationOptions: { checkArn: false, checkPaths: false } });
  }

  executionArn(name: string): string {
    return `${this.opts.stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
  }

  start(name: string, input: string): ExecutionRecord {
    const arn = this.executionArn(name);
    const existing = this.executions.get(arn);
    if (existing) {
      if (existing.input === input) return existing;
      throw new LocalSfnError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`);
    }
    const runToken = randomUUID();
    const overrides = this.overrides(arn);
    const retryIntervalOverrides =
      this.opts.retryIntervalMs === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(this.opts.definition.States)
              .filter(([, s]) => s.Retry)
              .map(([n]) => [n, this.opts.retryIntervalMs as number]),
          );
    const waitTimeOverrides =
      this.opts.waitMs === undefined
        ? undefined
        : Object.fromEntries(
            Object.entries(this.opts.definition.States)
              .filter(([, s]) => s.Type === 'Wait')
              .map(([n]) => [n, this.opts.waitMs as number]),
          );
    const parsed = JSON.parse(input) as unknown;
    const startDate = new Date();
    const execution = this.machine.run(
      parsed as never,
      {
        overrides: {
          taskResourceLocalHandlers: overrides,
          ...(retryIntervalOverrides ? { retryIntervalOverrides } : {}),
          ...(waitTimeOverrides ? { waitTimeOverrides } : {}),
        },
        noThrowOnAbort: true,
        context: {
          Execution: { Id: arn, Name: name, Input: parsed, StartTime: startDate.toISOString() },
          StateMachine: { Id: this.opts.stateMachineArn, Name: this.opts.stateMachineArn.split(':').pop() },
          Task: { Token: runToken },
        },
      } as never,
    );
    const record: ExecutionRecord = {
      executionArn: arn,
      name,
      input,
      status: 'RUNNING',
      startDate,
      abort: () => execution.abort(),
      done: Promise.resolve(),
    };
    record.done = (execution.result as Promise<unknown>).then(
      (output) => {
        if (record.status !== 'RUNNING') return;
        record.status = 'SUCCEEDED';
        record.output = JSON.stringify(output);
        record.stopDate = new Date();
      },
      (err: Error & { cause?: unknown }) => {
        if (record.status !== 'RUNNING') return;
        record.status = 'FAILED';
        record.error = err.name;
        record.cause = err.message;
        record.stopDate = new Date();
        this.opts.log?.(`execution ${name} failed: ${err.name}: ${err.message}`);
      },
    );
    this.executions.set(arn, record);
    if (this.opts.trace)
      void this.trace(name, execution.eventLogs as AsyncIterable<{ type: string; stateName?: string; Error?: string; Cause?: string }>);
    return record;
  }

  stop(arn: string, error?: string, cause?: string): Date {
    const record = this.executions.get(arn);
    if (!record) throw new LocalSfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
    if (record.status === 'RUNNING') {
      record.status = 'ABORTED';
      record.error = error;
      record.cause = cause;
      record.stopDate = new Date();
      record.abort();
      for (const [token, p] of this.pending) {
        if (p.executionArn !== arn) continue;
        this.heartbeats.forget(token);
        this.pending.delete(token);
      }
    }
    return record.stopDate ?? new Date();
  }

  private take(token: string): Pending {
    const p = this.pending.get(token);
    if (!p) throw new LocalSfnError('TaskTimedOut', 'Task Timed Out: the token is not (or no longer) valid.');
    return p;
  }

  succeed(token: string, output: string): void {
    const p = this.take(token);
    this.pending.delete(token);
    this.heartbeats.forget(token);
    p.resolve(JSON.parse(output));
  }

  fail(token: string, error = 'States.TaskFailed', cause = ''): void {
    const p = this.take(token);
    this.pending.delete(token);
    this.heartbeats.forget(token);
    p.reject(Object.assign(new Error(cause), { name: error }));
  }

  heartbeat(token: string): void {
    this.take(token);
    this.heartbeats.beat(token);
  }

  private overrides(executionArn: string): Record<string, Handler> {
    const out: Record<string, Handler> = {};
    for (const [name, state] of Object.entries(this.opts.definition.States)) {
      if (state.Type !== 'Task') continue;
      const resource = String(state.Resource);
      if (TOKEN_TASK.test(resource)) {
        out[name] = (input) => this.dispatch(executionArn, state, input as { QueueUrl: string; MessageBody: Record<string, unknown> });
        continue;
      }
      const fn = resource.split(':').pop() ?? '';
      const handler = this.opts.functions[fn];
      if (!handler) throw new Error(`no local handler for ${resource} (state ${name})`);
      out[name] = async (input) => {
        // A stopped execution runs no further step (the record is set just after the run begins).
        const status = this.executions.get(executionArn)?.status;
        if (status && status !== 'RUNNING') return new Promise(() => {});
        return handler(input);
      };
    }
    return out;
  }

  /** The SQS callback integration: send the message with a fresh token, wait for its answer. */
  private dispatch(
    executionArn: string,
    state: Record<string, unknown>,
    input: { QueueUrl: string; MessageBody: Record<string, unknown> },
  ): Promise<unknown> {
    const token = `${randomUUID()}.${randomUUID()}`;
    const body = { ...input.MessageBody, taskToken: token };
    const executionInput = JSON.parse(this.executions.get(executionArn)?.input ?? '{}') as unknown;
    const heartbeatSeconds = Number(state.HeartbeatSeconds ?? readPath(executionInput, state.HeartbeatSecondsPath) ?? 0);
    const timeoutSeconds = Number(state.TimeoutSeconds ?? readPath(executionInput, state.TimeoutSecondsPath) ?? 0);
    return new Promise((resolve, reject) => {
      this.pending.set(token, { executionArn, resolve, reject });
      this.heartbeats.watch(token, heartbeatSeconds > 0 ? heartbeatSeconds * 1000 : undefined, () => {
        this.pending.delete(token);
        reject(Object.assign(new Error('The task did not send a heartbeat in time.'), { name: 'States.HeartbeatTimeout' }));
      });
      if (timeoutSeconds > 0) {
        setTimeout(() => {
          if (!this.pending.delete(token)) return;
          this.heartbeats.forget(token);
          reject(Object.assign(new Error('The task timed out.'), { name: 'States.Timeout' }));
        }, timeoutSeconds * 1000).unref();
      }
      this.opts.queues.send(queueNameFromUrl(input.QueueUrl), JSON.stringify(body));
    });
  }

  private async trace(
    name: string,
    events: AsyncIterable<{ type: string; stateName?: string; Error?: string; Cause?: string }>,
  ): Promise<void> {
    try {
      for await (const e of events) this.opts.log?.(`sfn ${name}: ${e.type} ${e.stateName ?? ''} ${e.Error ?? ''} ${e.Cause ?? ''}`.trim());
    } catch {
      // the log ends with the execution
    }
  }

  /** Stops every running execution (shutdown). */
  stopAll(): void {
    for (const record of this.executions.values())
      if (record.status === 'RUNNING') this.stop(record.executionArn, 'Shutdown', 'local runtime stopped');
  }
}

/**
 * aws-local-stepfunctions evaluates TimeoutSecondsPath against the Task's Parameters output, where
 * AWS uses the state input, and knows nothing of heartbeats. Callback states therefore get their
 * timeouts from this runner: it reads the paths against the execution input (the flow never
 * rewrites `$.limits`, so the values are the same) and the interpreter's own timer is disabled.
 */
function localized(definition: AslDefinition): AslDefinition {
  const states = Object.fromEntries(
    Object.entries(definition.States).map(([name, state]) => {
      if (state.Type !== 'Task' || !TOKEN_TASK.test(String(state.Resource))) return [name, state];
      const { TimeoutSecondsPath: _t, HeartbeatSecondsPath: _h, HeartbeatSeconds: _hs, ...rest } = state;
      return [name, { ...rest, TimeoutSeconds: 20 * 86_400 }];
    }),
  );
  return { ...definition, States: states };
}

/** `$.a.b` against a value (the only JSONPath shape the callback timeouts use). */
function readPath(value: unknown, path: unknown): unknown {
  if (typeof path !== 'string' || !path.startsWith('$.')) return undefined;
  let cur: unknown = value;
  for (const key of path.slice(2).split('.')) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
  return cur;
}
