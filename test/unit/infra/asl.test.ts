import '../../../local/sfn/polyfill';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { StateMachine } from 'aws-local-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOW_END, FLOW_START, renderStateTable } from '../../../infra/lib/flow-doc';
import { DISPATCH_STATE, STEP_NAMES } from '../../../infra/lib/state-machine';
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

  /** Runs the definition in the local interpreter (as local/sfn/runner.ts does) with stand-in steps. */
  async function runWith(dispatchError?: string) {
    const asl = structuredClone(definition);
    // The callback's timeout is the local runner's business (local/sfn/runner.ts enforces it itself).
    const dispatch = asl.States[DISPATCH_STATE] as Record<string, unknown>;
    delete dispatch.TimeoutSecondsPath;
    const machine = new StateMachine(asl as never, { validationOptions: { checkArn: false, checkPaths: false } });
    const calls = { ensure: 0, dispatch: 0, failed: undefined as unknown };
    const execution = machine.run(
      { job: { jobId: 'j-1' }, limits: { heartbeatSeconds: 5, taskTimeoutSeconds: 60 } } as never,
      {
        overrides: {
          taskResourceLocalHandlers: {
            RecordJob: async () => ({}),
            EnsureCapacity: async () => ({ warm: ++calls.ensure > 1 }),
            [DISPATCH_STATE]: async () => {
              calls.dispatch++;
              if (dispatchError) throw Object.assign(new Error('lost'), { name: dispatchError });
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

  it('asks for capacity once and puts the job on the queue at once, warm fleet or cold (workers claim jobs)', async () => {
    await expect(runWith()).resolves.toMatchObject({ outcome: 'succeeded', ensure: 1, dispatch: 1, failed: undefined });
  });

  it('has no polling loop: no Wait, Choice or counter state (issue 31)', () => {
    const types = Object.values(definition.States).map((s) => s.Type);
    expect(types).not.toContain('Wait');
    expect(types).not.toContain('Choice');
    expect(types).not.toContain('Pass');
  });

  for (const error of ['States.Timeout', 'WorkerLost', 'ComfyUnreachable', 'ComfyRejected']) {
    it(`ends a job the dispatch failed with ${error} in MarkFailed, dispatching once`, async () => {
      const run = await runWith(error);
      expect(run).toMatchObject({ outcome: expect.stringMatching(/^failed: .*See the job record/), ensure: 1, dispatch: 1 });
      expect(run.failed).toMatchObject({ Error: error });
    });
  }

  it('is the state table docs/deploy.md shows (regenerate: node --import tsx infra/bin/flow-doc.ts)', async () => {
    const doc = await readFile(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
    const block = doc.slice(doc.indexOf(FLOW_START) + FLOW_START.length, doc.indexOf(FLOW_END)).trim();
    expect(block).toBe(renderStateTable(definition));
    for (const name of Object.keys(definition.States)) expect(block).toContain(`| ${name} |`);
  });
});
