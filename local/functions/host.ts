import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * One deployed function, run locally as Lambda runs it: its folder from the cloud assembly (what
 * CDK uploads) copied to a folder of its own with no node_modules above it, a process of its own
 * (local/functions/runtime.mjs) started there on first use, with exactly the environment the
 * synthesized template gives the function plus the local endpoints and credentials. A process that
 * dies (a crash, an import error) is started again on the next invocation, as Lambda starts a new
 * execution environment. As Lambda does, it loads the code from a read-only folder (a bundle that
 * writes beside itself fails), ends an invocation at the function's timeout (Sandbox.Timedout, and
 * that execution environment is not reused) and refuses an event or a result over the synchronous
 * payload limit.
 */

/** Lambda's synchronous payload limits (bytes): the event (RequestEntityTooLargeException) and the result (Function.ResponseSizeTooLarge). */
export const LAMBDA_MAX_EVENT_BYTES = 6_291_456;
export const LAMBDA_MAX_RESULT_BYTES = 6_291_556;

/** An invocation's error as Lambda reports it (errorType → name): what Step Functions matches and API Gateway answers. */
export const lambdaError = (name: string, message: string): Error => Object.assign(new Error(message), { name });

export interface FunctionSpec {
  /** The function's local name (artloom-<construct path>): logs, ARNs, the gateway's principal. */
  name: string;
  /** The asset folder (cdk.out/asset.<hash>). */
  assetDir: string;
  /** Read when the process starts (plugins complete the local settings before the first invocation). */
  env: () => Record<string, string>;
  memoryMb: number;
  timeoutSeconds: number;
  log?: (line: string) => void;
}

export interface InvokeContext {
  awsRequestId?: string;
  /** Milliseconds the invocation may run (the function's timeout by default). */
  timeoutMs?: number;
}

export interface StreamSink {
  head(metadata: { statusCode: number; headers: Record<string, string> }): void;
  write(chunk: Buffer): void;
  end(): void;
  /** Called once by the host with a function that tells the handler the viewer went away. */
  onAbort(abort: () => void): void;
}

interface Pending {
  child: ChildProcess;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  sink?: StreamSink;
}

class FunctionInitError extends Error {
  override name = 'FunctionInitError';
}

/** The unprivileged user a root runtime starts functions as (nobody/nogroup). */
const NOBODY = 65534;
const RUNTIME = join(import.meta.dirname, 'runtime.mjs');
const ROOT = join(tmpdir(), 'artloom-functions');

export class FunctionHost {
  private child?: ChildProcess;
  private ready?: Promise<ChildProcess>;
  private readonly pending = new Map<string, Pending>();
  /** Invocations so far (tests, the bench). */
  invocations = 0;
  /** Everything the function prints, line by line, as CloudWatch Logs would get it (tests read its metrics here). */
  readonly output = new Set<(line: string) => void>();
  private closed = false;

  constructor(readonly spec: FunctionSpec) {}

  /** The function's folder as Lambda sees it: a copy of the asset, named after its hash, under the OS temp folder. */
  get taskDir(): string {
    return join(ROOT, basename(this.spec.assetDir));
  }

  /** Starts the function's process and imports its bundle (a cold start without an invocation); resolves once it is ready. */
  async load(): Promise<void> {
    await this.start();
  }

  async invoke(event: unknown, ctx: InvokeContext = {}): Promise<unknown> {
    const child = await this.start();
    return this.call(child, event, ctx);
  }

  async invokeStream(event: unknown, sink: StreamSink, ctx: InvokeContext = {}): Promise<void> {
    const child = await this.start();
    await this.call(child, event, ctx, sink);
  }

  private call(child: ChildProcess, event: unknown, ctx: InvokeContext, sink?: StreamSink): Promise<unknown> {
    const id = randomUUID();
    this.invocations++;
    const timeoutMs = ctx.timeoutMs ?? this.spec.timeoutSeconds * 1000;
    const eventBytes = Buffer.byteLength(JSON.stringify(event) ?? '');
    if (eventBytes > LAMBDA_MAX_EVENT_BYTES) {
      return Promise.reject(
        lambdaError(
          'RequestEntityTooLargeException',
          `${eventBytes} byte payload is too large for the InvokeFunction operation, which has a limit of ${LAMBDA_MAX_EVENT_BYTES} bytes`,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      // Lambda's timeout: the invocation fails with Sandbox.Timedout and its environment is not used again.
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        sink?.end();
        reject(lambdaError('Sandbox.Timedout', `Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`));
        this.retire(child);
      }, timeoutMs);
      const settle =
        <A>(done: (value: A) => void) =>
        (value: A) => {
          clearTimeout(timer);
          done(value);
        };
      this.pending.set(id, { child, resolve: settle(resolve), reject: settle(reject), sink });
      sink?.onAbort(() => child.connected && child.send({ type: 'abort', id }));
      child.send({
        type: 'invoke',
        id,
        event,
        stream: Boolean(sink),
        context: {
          functionName: this.spec.name,
          invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${this.spec.name}`,
          memoryLimitInMB: this.spec.memoryMb,
          awsRequestId: ctx.awsRequestId ?? randomUUID(),
          deadline: Date.now() + timeoutMs,
        },
      });
    });
  }

  /**
   * Takes a timed-out process out of use: the next invocation starts a fresh one, and this one is
   * killed once the invocations it still runs (locally one process serves concurrent ones) are over.
   */
  private retire(child: ChildProcess): void {
    if (this.child === child) {
      this.child = undefined;
      this.ready = undefined;
    }
    this.retired.add(child);
    this.killIfIdle(child);
  }

  private readonly retired = new Set<ChildProcess>();

  private killIfIdle(child: ChildProcess): void {
    if (!this.retired.has(child) || [...this.pending.values()].some((p) => p.child === child)) return;
    this.retired.delete(child);
    child.kill('SIGKILL');
  }

  private start(): Promise<ChildProcess> {
    if (this.closed) return Promise.reject(new Error(`${this.spec.name} is stopped`));
    this.ready ??= this.spawn().catch((err: Error) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  private spawn(): Promise<ChildProcess> {
    const dir = this.prepare();
    const child = fork(RUNTIME, [dir], {
      cwd: dir,
      env: this.spec.env(),
      execPath: process.execPath,
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Lambda runs the function as a user of its own, not root (who may write whatever the modes say).
      ...(process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        for (const listener of this.output) listener(line);
        if (worthLogging(line)) this.spec.log?.(`[${this.spec.name}] ${line}`);
      });
    }
    return new Promise((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.type === 'ready') return resolve(child);
        if (message.type === 'init-error') return reject(new FunctionInitError(`${this.spec.name}: ${message.error.message}`));
        this.settle(message);
        if ('id' in message) this.killIfIdle(child);
      };
      child.on('message', onMessage);
      child.once('exit', (code, signal) => {
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        const err = new Error(`${this.spec.name} exited (${signal ?? `code ${code}`})`);
        reject(err);
        this.retired.delete(child);
        for (const [id, p] of this.pending) {
          if (p.child !== child) continue;
          this.pending.delete(id);
          p.reject(err);
        }
      });
    });
  }

  private settle(message: Message): void {
    if (!('id' in message)) return;
    const p = this.pending.get(message.id);
    if (!p) return;
    switch (message.type) {
      case 'meta':
        p.sink?.head(message.metadata);
        return;
      case 'chunk':
        p.sink?.write(Buffer.from(message.data));
        return;
      case 'end':
        this.pending.delete(message.id);
        p.sink?.end();
        p.resolve(undefined);
        return;
      case 'result': {
        this.pending.delete(message.id);
        const bytes = Buffer.byteLength(JSON.stringify(message.result) ?? '');
        if (bytes > LAMBDA_MAX_RESULT_BYTES) {
          p.reject(
            lambdaError(
              'Function.ResponseSizeTooLarge',
              `Response payload size (${bytes} bytes) exceeded maximum allowed payload size (${LAMBDA_MAX_RESULT_BYTES} bytes).`,
            ),
          );
          return;
        }
        p.resolve(message.result);
        return;
      }
      case 'error': {
        this.pending.delete(message.id);
        p.sink?.end();
        const err = Object.assign(new Error(message.error.message), { name: message.error.name, stack: message.error.stack });
        p.reject(err);
      }
    }
  }

  /** Copies the asset once per content hash (its folder name) into a bare folder, atomically, and makes it read-only as /var/task is. */
  private prepare(): string {
    const dir = this.taskDir;
    if (existsSync(join(dir, 'index.mjs'))) {
      readOnly(dir);
      return dir;
    }
    mkdirSync(ROOT, { recursive: true });
    const staging = `${dir}.${process.pid}.${randomUUID().slice(0, 8)}`;
    cpSync(this.spec.assetDir, staging, { recursive: true });
    try {
      renameSync(staging, dir);
    } catch {
      // Another process prepared it first: same content (same hash).
      rmSync(staging, { recursive: true, force: true });
    }
    readOnly(dir);
    return dir;
  }

  async stop(): Promise<void> {
    this.closed = true;
    for (const retired of this.retired) retired.kill('SIGKILL');
    this.retired.clear();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

/** Takes every write permission off a folder and what it holds (idempotent: a folder already read-only is left as it is). */
function readOnly(path: string): void {
  const stat = statSync(path);
  if (stat.isDirectory()) for (const entry of readdirSync(path)) readOnly(join(path, entry));
  if (stat.mode & 0o222) chmodSync(path, stat.mode & ~0o222);
}

type Message =
  | { type: 'ready' }
  | { type: 'init-error'; error: { message: string } }
  | { type: 'meta'; id: string; metadata: { statusCode: number; headers: Record<string, string> } }
  | { type: 'chunk'; id: string; data: Uint8Array }
  | { type: 'end'; id: string }
  | { type: 'result'; id: string; result: unknown }
  | { type: 'error'; id: string; error: { name: string; message: string; stack?: string } };

/**
 * What of a function's output reaches the local log: warnings, errors and anything that is not a
 * structured line; metrics (EMF) and info/debug lines stay in the function, as they would stay in
 * CloudWatch.
 */
function worthLogging(line: string): boolean {
  if (!line.startsWith('{')) return line.trim() !== '';
  try {
    const entry = JSON.parse(line) as { _aws?: unknown; level?: string };
    if (entry._aws) return false;
    return !['INFO', 'DEBUG', 'TRACE'].includes(String(entry.level ?? '').toUpperCase());
  } catch {
    return true;
  }
}
