import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
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
});
