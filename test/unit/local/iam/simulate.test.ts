import { describe, expect, it } from 'vitest';
import { authorizeRequest } from '../../../../local/iam/authorize';
import { checkCall } from '../../../../local/iam/simulate';
import { t1Model } from './model';

const model = t1Model();
const fn = (name: string) => {
  const f = model.functions().find((x) => x.name === name);
  if (!f?.roleLogicalId) throw new Error(`no function ${name}`);
  return f;
};
const role = (name: string) => ({ kind: 'role' as const, roleLogicalId: fn(name).roleLogicalId as string });
const IMAGES_TABLE = 'arn:aws:dynamodb:us-east-1:123456789012:table/t1-images';

describe('checkCall', () => {
  it('allows what a function role is granted', async () => {
    const verdict = await checkCall(model, {
      principal: role('artloom-api-gallery'),
      action: 'dynamodb:Query',
      resource: `${IMAGES_TABLE}/index/gsi1`,
    });
    expect(verdict).toMatchObject({ allowed: true, result: 'Allowed' });
  });

  it('names the function, its role, the action and the resource when its policies grant nothing', async () => {
    const verdict = await checkCall(model, {
      principal: role('artloom-api-gallery'),
      action: 'dynamodb:PutItem',
      resource: IMAGES_TABLE,
    });
    expect(verdict.allowed).toBe(false);
    expect(verdict.result).toBe('ImplicitlyDenied');
    expect(verdict.explanation).toBe(
      `artloom-api-gallery (role ${fn('artloom-api-gallery').roleLogicalId}) may not dynamodb:PutItem on ${IMAGES_TABLE}: no statement in its policies allows it`,
    );
  });

  it('applies the resource policy: an explicit deny wins over the role', async () => {
    const verdict = await checkCall(model, {
      principal: role('artloom-api-admin'),
      action: 's3:PutObject',
      resource: 'arn:aws:s3:::t1-images/files/a.png',
      context: { 'aws:SecureTransport': 'false' },
    });
    expect(verdict).toMatchObject({ allowed: false, result: 'ExplicitlyDenied' });
    expect(verdict.explanation).toMatch(/statement #1 of the resource policy of arn:aws:s3:::t1-images\/files\/a.png denies it/);
  });

  it('lets a service principal in only through the resource policy, with its conditions', async () => {
    const topic = model.arnOf(model.ofType('AWS::SNS::Topic')[0] as string);
    const budgets = { kind: 'service' as const, service: 'budgets.amazonaws.com' };
    expect(
      await checkCall(model, { principal: { ...budgets, sourceAccount: '123456789012' }, action: 'sns:Publish', resource: topic }),
    ).toMatchObject({
      allowed: true,
    });
    const other = await checkCall(model, {
      principal: { ...budgets, sourceAccount: '999999999999' },
      action: 'sns:Publish',
      resource: topic,
    });
    expect(other.allowed).toBe(false);
    expect(other.explanation).toMatch(`no statement in the resource policy of ${topic} allows it`);
  });

  it('checks task callbacks against the state machine of the token', async () => {
    const machine = model.arnOf(model.ofType('AWS::StepFunctions::StateMachine')[0] as string);
    const gpu = {
      kind: 'role' as const,
      roleLogicalId: model.ofType('AWS::IAM::Role').find((id) => model.cdkPath(id) === 't1/gpu/role/Resource') as string,
    };
    expect(await checkCall(model, { principal: gpu, action: 'states:SendTaskSuccess', resource: machine })).toMatchObject({
      allowed: true,
    });
    const list = role('artloom-api-gallery');
    expect(await checkCall(model, { principal: list, action: 'states:SendTaskSuccess', resource: machine })).toMatchObject({
      allowed: false,
    });
  });
});

describe('authorizeRequest', () => {
  const wire = (target: string, body: unknown) => ({
    service: 'dynamodb',
    method: 'POST',
    url: '/',
    headers: { 'x-amz-target': `DynamoDB_20120810.${target}` },
    body: Buffer.from(JSON.stringify(body)),
  });

  it('allows a request only when every authorization it needs is allowed', async () => {
    const principal = role('artloom-api-gallery');
    const read = await authorizeRequest(model, principal, wire('GetItem', { TableName: 't1-images', Key: {} }));
    expect(read).toMatchObject({ allowed: true, checks: [{ action: 'dynamodb:GetItem', resource: IMAGES_TABLE, allowed: true }] });
    const transaction = await authorizeRequest(
      model,
      principal,
      wire('TransactWriteItems', { TransactItems: [{ ConditionCheck: { TableName: 't1-images' } }, { Put: { TableName: 't1-images' } }] }),
    );
    expect(transaction.allowed).toBe(false);
    expect(transaction.checks.map((c) => [c.action, c.allowed])).toEqual([
      ['dynamodb:ConditionCheckItem', true],
      ['dynamodb:PutItem', false],
    ]);
    expect(transaction.explanation).toMatch(/may not dynamodb:PutItem on .*table\/t1-images: no statement in its policies allows it$/);
  });
});
