import '../../../local/sfn/polyfill';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { StateMachine } from 'aws-local-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOW_END, FLOW_START, renderStateTable } from '../../../infra/lib/flow-doc';
import { CAPACITY_MAX_WAITS, DISPATCH_STATE, MAX_REDISPATCHES, NO_CAPACITY_ERROR, STEP_NAMES } from '../../../infra/lib/state-machine';
import { type AslDefinition, generationDefinition, LOCAL_QUEUE_NAME, localFunctionArn } from '../../../local/sfn/definition';

type AslValidator = (definition: unknown) => { isValid: boolean; errors: unknown[] };
const validateAsl = createRequire(import.meta.url)('asl-validator') as AslValidator;

/**
 * The definition the local interpreter runs (synthesized from infra/lib/state-machine.ts with local
 * ARNs) is valid ASL and is the deployed flow. The deployed template's copy is checked in stack.test.ts.
 */
describe('locally synthesized generation definition', () => {
  let definition: AslDefinition;
  beforeAll(async () => {
    definition = await generationDefinition();
  }, 60_000);

  it('passes asl-validator', () => {
    const result = validateAsl(structuredClone(definition));
    expect(JSON.stringify(result.errors, null, 1)).toBe('[]');
    expect(result.isValid).toBe(true);
  });

  it('binds every step to its local function and the dispatch to the local queue', () => {
    for (const name of STEP_NAMES) expect(definition.States[name]?.Resource).toBe(localFunctionArn(name));
    const dispatch = definition.States[DISPATCH_STATE] as { Resource: string; Parameters: { QueueUrl: string } };
    expect(dispatch.Resource).toBe('arn:aws:states:::sqs:sendMessage.waitForTaskToken');
    expect(dispatch.Parameters.QueueUrl).toMatch(new RegExp(`/${LOCAL_QUEUE_NAME}$`));
  });

  it('is rejected by the validator when broken (a dangling Next)', () => {
    const broken = structuredClone(definition);
    (broken.States.StoreImage as { Next: string }).Next = 'NoSuchState';
    expect(validateAsl(broken).isValid).toBe(false);
  });

  /** Runs the definition in the local interpreter (as local/sfn/runner.ts does) with stand-in steps; no capacity wait. */
  async function runWith(warmAfter: number, dispatchErrors: string[] = []) {
    const asl = structuredClone(definition);
    (asl.States.WaitForWorker as { Seconds: number }).Seconds = 0;
    // The callback's timeouts are the local runner's business (local/sfn/runner.ts enforces them itself).
    const dispatch = asl.States[DISPATCH_STATE] as Record<string, unknown>;
    delete dispatch.TimeoutSecondsPath;
    delete dispatch.HeartbeatSecondsPath;
    const machine = new StateMachine(asl as never, { validationOptions: { checkArn: false, checkPaths: false } });
    const calls = { ensure: 0, dispatch: 0, failed: undefined as unknown };
    const execution = machine.run(
      { job: { jobId: 'j-1' }, limits: { heartbeatSeconds: 5, taskTimeoutSeconds: 60 } } as never,
      {
        overrides: {
          taskResourceLocalHandlers: {
            RecordJob: async () => ({}),
            EnsureCapacity: async () => ({ warm: ++calls.ensure > warmAfter }),
            [DISPATCH_STATE]: async () => {
              const error = dispatchErrors[calls.dispatch++];
              if (error) throw Object.assign(new Error('lost'), { name: error });
              return { stagingKey: 'staging/j-1.png' };
            },
            StoreImage: async () => ({ imageId: 'j-1' }),
            MarkFailed: async (input: { error: unknown }) => {
              calls.failed = input.error;
              return { reason: 'no GPU' };
            },
          },
        },
        context: { Task: { Token: 'token' } },
      } as never,
    );
    const outcome = await (execution.result as Promise<unknown>).then(
      () => 'succeeded',
      (err: Error) => `failed: ${err.message}`,
    );
    return { outcome, ...calls };
  }

  it('dispatches to a warm worker at once', async () => {
    await expect(runWith(0)).resolves.toMatchObject({ outcome: 'succeeded', ensure: 1, dispatch: 1, failed: undefined });
  });

  it('waits for a cold worker, asking for capacity again, and dispatches once one is warm', async () => {
    await expect(runWith(3)).resolves.toMatchObject({ outcome: 'succeeded', ensure: 4, dispatch: 1 });
  });

  it('gives up after the last wait with a reason MarkFailed records, never dispatching', async () => {
    const run = await runWith(Number.POSITIVE_INFINITY);
    expect(run).toMatchObject({
      outcome: expect.stringMatching(/^failed: .*See the job record/),
      ensure: CAPACITY_MAX_WAITS + 1,
      dispatch: 0,
    });
    expect(run.failed).toMatchObject({ Error: NO_CAPACITY_ERROR });
  });

  it('sends a job whose worker went silent back through the capacity check, not straight to the queue', async () => {
    // Each lost dispatch runs EnsureCapacity again before the next one.
    const run = await runWith(0, ['States.HeartbeatTimeout', 'ComfyUnreachable']);
    expect(run).toMatchObject({ outcome: 'succeeded', ensure: 3, dispatch: 3, failed: undefined });
  });

  it(`fails a job only after ${MAX_REDISPATCHES + 1} lost dispatches, with the worker's error`, async () => {
    const lost = Array.from({ length: MAX_REDISPATCHES + 1 }, () => 'States.HeartbeatTimeout');
    const run = await runWith(0, lost);
    expect(run).toMatchObject({ outcome: expect.stringMatching(/^failed/), dispatch: MAX_REDISPATCHES + 1 });
    expect(run.failed).toMatchObject({ Error: 'States.HeartbeatTimeout' });
  });

  it('fails other worker errors at once (a rejected graph is not the worker’s fault)', async () => {
    const run = await runWith(0, ['ComfyRejected']);
    expect(run).toMatchObject({ outcome: expect.stringMatching(/^failed/), dispatch: 1 });
    expect(run.failed).toMatchObject({ Error: 'ComfyRejected' });
  });

  it('is the state table docs/deploy.md shows (regenerate: node --import tsx infra/bin/flow-doc.ts)', async () => {
    const doc = await readFile(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
    const block = doc.slice(doc.indexOf(FLOW_START) + FLOW_START.length, doc.indexOf(FLOW_END)).trim();
    expect(block).toBe(renderStateTable(definition));
    for (const name of Object.keys(definition.States)) expect(block).toContain(`| ${name} |`);
  });
});
