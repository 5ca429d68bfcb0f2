import { describe, expect, it } from 'vitest';
import { localNames, synthesizedAccount } from '../../../../local/iam/local-names';
import { type CfnTemplate, TemplateModel, TemplateResolveError } from '../../../../local/iam/template';
import { t1Model } from './model';

const model = t1Model();
const idOfPath = (path: string) =>
  Object.entries(model.template.Resources).find(([, r]) => r.Metadata?.['aws:cdk:path'] === path)?.[0] as string;

describe('template model', () => {
  it('gives each function the environment the template resolves to under the local names', () => {
    // Prepare
    const list = model.functions().find((f) => f.cdkPath === 't1/api/gallery/Resource');
    // Assess
    expect(list).toMatchObject({
      name: 'artloom-api-gallery',
      arn: 'arn:aws:lambda:us-east-1:123456789012:function:artloom-api-gallery',
      handler: 'index.handler',
      architecture: 'arm64',
      runtime: expect.stringMatching(/^nodejs/),
    });
    expect(list?.environment).toMatchObject({
      IMAGES_TABLE: 't1-images',
      IMAGES_BUCKET: 't1-images',
      ATTACHMENTS_BUCKET: 't1-attachments',
      JOB_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/123456789012/artloom-gpu-jobs',
      GENERATION_STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:123456789012:stateMachine:artloom-generation',
      ORIGIN_SECRET: 'local-origin-secret',
    });
    expect(list?.roleLogicalId && model.resource(list.roleLogicalId).Type).toBe('AWS::IAM::Role');
    expect(model.logicalIdOfFunctionName('artloom-api-gallery')).toBe(list?.logicalId);
    expect(model.logicalIdOfFunctionName(list?.arn ?? '')).toBe(list?.logicalId);
  });

  it('names tables, buckets and queues as the local runtime does', () => {
    expect(model.arnOf(idOfPath('t1/data/jobs-table/Resource'))).toBe('arn:aws:dynamodb:us-east-1:123456789012:table/t1-jobs');
    expect(model.arnOf(idOfPath('t1/data/images-bucket/Resource'))).toBe('arn:aws:s3:::t1-images');
    expect(model.arnOf(idOfPath('t1/gpu-jobs/queue/Resource'))).toBe('arn:aws:sqs:us-east-1:123456789012:artloom-gpu-jobs');
    expect(model.physicalName(idOfPath('t1/web/web-bucket/Resource'))).toBe('t1-web-web-bucket');
  });

  it('resolves every resource of the stack', () => {
    for (const r of Object.values(model.template.Resources)) expect(() => model.resolve(r.Properties)).not.toThrow();
  });

  it('gives a role its attached policies and a function its permissions as statements', () => {
    const gpuRole = model.ofType('AWS::IAM::Role').find((id) => model.cdkPath(id) === 't1/gpu/role/Resource') as string;
    const names = model.identityPolicies(gpuRole).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining([expect.stringMatching(/^gpuroleDefaultPolicy/), expect.stringMatching(/^gputaskcallbacks/)]),
    );
    const backstop = model.functions().find((f) => f.name === 'artloom-monitoring-cost-backstop');
    const policy = model.resourcePolicy(backstop?.arn ?? '');
    expect(policy?.Statement).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Principal: { Service: 'events.amazonaws.com' },
        Action: 'lambda:InvokeFunction',
        Condition: { ArnLike: { 'AWS:SourceArn': 'arn:aws:events:us-east-1:123456789012:rule/monitoring-cost-backstop-schedule' } },
      }),
    ]);
  });
});

describe('template resolution', () => {
  const template: CfnTemplate = {
    Conditions: { IsProd: { 'Fn::Equals': [{ Ref: 'Stage' }, 'prod'] } },
    Parameters: { Stage: { Default: 'dev' } },
    Resources: {
      Q: { Type: 'AWS::SQS::Queue', Properties: {} },
      T: { Type: 'AWS::DynamoDB::Table', Properties: {} },
      X: { Type: 'Custom::Thing', Properties: {} },
    },
  };
  const names = { ...localNames(template, { prefix: 'p' }), physicalName: (id: string) => `name-${id}` };
  const m = new TemplateModel(template, names);

  // Fn::Sub's own ${…} syntax, in plain strings on purpose.
  // biome-ignore-start lint/suspicious/noTemplateCurlyInString: CloudFormation placeholders, not JavaScript ones
  it.each([
    [{ 'Fn::Sub': '${AWS::Region}:${AWS::AccountId}:${T}:${Q.QueueName}:${!Literal}' }, 'us-east-1:000000000000:name-T:name-Q:${Literal}'],
    [
      { 'Fn::Sub': ['${A}-${AWS::Partition}', { A: { 'Fn::GetAtt': ['T', 'Arn'] } }] },
      'arn:aws:dynamodb:us-east-1:000000000000:table/name-T-aws',
    ],
    [{ 'Fn::Select': [1, { 'Fn::Split': ['|', 'a|b|c'] }] }, 'b'],
    [{ 'Fn::If': ['IsProd', 'yes', 'no'] }, 'no'],
    [{ 'Fn::Join': ['', ['https://', { Ref: 'AWS::URLSuffix' }, '/', { Ref: 'AWS::StackName' }]] }, 'https://amazonaws.com/local'],
    [{ Ref: 'Q' }, 'https://sqs.us-east-1.amazonaws.com/000000000000/name-Q'],
    ['{{resolve:secretsmanager:arn:x:SecretString:::}}', 'local-origin-secret'],
  ])('resolves %j', (value, expected) => {
    expect(m.resolve(value)).toBe(expected);
  });
  // biome-ignore-end lint/suspicious/noTemplateCurlyInString: see above

  it('names the resource and attribute it cannot resolve', () => {
    expect(() => m.resolve({ 'Fn::GetAtt': ['X', 'Endpoint'] })).toThrow(TemplateResolveError);
    expect(() => m.resolve({ 'Fn::GetAtt': ['X', 'Endpoint'] })).toThrow(/X\.Endpoint/);
    expect(() => m.resolve({ Ref: 'Missing' })).toThrow(/Missing/);
  });
});

describe('local names', () => {
  it('reads the account a template was synthesized for, and none from an env-agnostic one', () => {
    expect(synthesizedAccount(model.template)).toBe('123456789012');
    const agnostic: CfnTemplate = {
      Resources: {
        R: {
          Type: 'AWS::IAM::Role',
          Properties: { Arn: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':iam::', { Ref: 'AWS::AccountId' }, ':role/x']] } },
        },
      },
    };
    expect(synthesizedAccount(agnostic)).toBeUndefined();
    expect(localNames(agnostic, { prefix: 'p' }).account).toBe('000000000000');
  });

  it('names tables, buckets and the job queue from their logical ids when the synth wrote no paths', () => {
    const template: CfnTemplate = {
      Resources: {
        datajobstableAF7E5D92: { Type: 'AWS::DynamoDB::GlobalTable' },
        dataattachmentsbucket3BFEAFDE: { Type: 'AWS::S3::Bucket' },
        gpujobsqueue2C4557B9: { Type: 'AWS::SQS::Queue' },
      },
    };
    const m = new TemplateModel(template, localNames(template, { prefix: 'artloom' }));
    expect(['datajobstableAF7E5D92', 'dataattachmentsbucket3BFEAFDE', 'gpujobsqueue2C4557B9'].map((id) => m.physicalName(id))).toEqual([
      'artloom-jobs',
      'artloom-attachments',
      'artloom-gpu-jobs',
    ]);
  });
});
