import { AutoScalingClient, DescribeScalingActivitiesCommand, SetDesiredCapacityCommand } from '@aws-sdk/client-auto-scaling';
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch';
import {
  BatchWriteItemCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DescribeExecutionCommand, SendTaskSuccessCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { ChangeMessageVisibilityCommand, DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { type AwsWireRequest, describeAwsRequest, principalFromAuthorization } from '../../../../local/iam/describe-request';

const names = { account: '000000000000', region: 'us-east-1' };
const credentials = { accessKeyId: 'AKIDFUNCTION1', secretAccessKey: 'secret' };
const T = 'arn:aws:dynamodb:us-east-1:000000000000:table';
const QUEUE_URL = 'http://127.0.0.1:9324/000000000000/artloom-gpu-jobs';

/** The wire request an SDK v3 client sends for `command` (captured by a request handler that answers nothing). */
async function wire(client: { send(c: never): Promise<unknown> }, command: unknown): Promise<AwsWireRequest> {
  let captured: AwsWireRequest | undefined;
  const handler = (client as unknown as { config: { requestHandler: unknown } }).config;
  handler.requestHandler = {
    handle: async (req: {
      method: string;
      path: string;
      query: Record<string, string | string[] | null>;
      headers: Record<string, string>;
      body: unknown;
    }) => {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query ?? {})) for (const x of Array.isArray(v) ? v : [v]) query.append(k, x ?? '');
      const qs = query.toString().replace(/=(&|$)/g, '$1');
      const body = req.body === undefined ? Buffer.alloc(0) : Buffer.from(req.body as string);
      captured = { method: req.method, url: `${req.path}${qs ? `?${qs}` : ''}`, headers: req.headers, body };
      throw new Error('captured');
    },
  };
  await client.send(command as never).catch(() => undefined);
  if (!captured) throw new Error('no request captured');
  return captured;
}

/** Table rows with each command's name first, for the test titles. */
const cases = <E>(rows: [object, E][]): [string, object, E][] => rows.map(([c, e]) => [c.constructor.name, c, e]);

const local = { region: 'us-east-1', credentials, endpoint: 'http://127.0.0.1:8000' };
const dynamo = new DynamoDBClient(local);
const s3 = new S3Client({ ...local, endpoint: 'http://127.0.0.1:4569', forcePathStyle: true });
const sfn = new SFNClient(local);
const sqs = new SQSClient({ ...local, endpoint: 'http://127.0.0.1:9324' });

describe('describeAwsRequest', () => {
  it.each(
    cases<string[][]>([
      [new GetItemCommand({ TableName: 't1-images', Key: { pk: { S: 'a' } } }), [['dynamodb:GetItem', `${T}/t1-images`]]],
      [
        new QueryCommand({ TableName: 't1-images', IndexName: 'gsi1', KeyConditionExpression: 'x' }),
        [['dynamodb:Query', `${T}/t1-images/index/gsi1`]],
      ],
      [new ListTablesCommand({}), [['dynamodb:ListTables', '*']]],
      [
        new BatchWriteItemCommand({ RequestItems: { 't1-ads': [{ DeleteRequest: { Key: { pk: { S: 'a' } } } }] } }),
        [['dynamodb:BatchWriteItem', `${T}/t1-ads`]],
      ],
      [
        new TransactWriteItemsCommand({
          TransactItems: [
            { ConditionCheck: { TableName: 't1-jobs', Key: {}, ConditionExpression: 'x' } },
            { Put: { TableName: 't1-jobs', Item: {} } },
            { Update: { TableName: 't1-counters', Key: {}, UpdateExpression: 'x' } },
            { Delete: { TableName: 't1-jobs', Key: {} } },
          ],
        }),
        [
          ['dynamodb:ConditionCheckItem', `${T}/t1-jobs`],
          ['dynamodb:PutItem', `${T}/t1-jobs`],
          ['dynamodb:UpdateItem', `${T}/t1-counters`],
          ['dynamodb:DeleteItem', `${T}/t1-jobs`],
        ],
      ],
    ]),
  )('maps DynamoDB %s', async (_name, command, expected) => {
    const auths = describeAwsRequest(await wire(dynamo, command), names);
    expect(auths.map((a) => [a.action, a.resource])).toEqual(expected);
  });

  it.each(
    cases<string[][]>([
      [new GetObjectCommand({ Bucket: 't1-images', Key: 'files/a b.png' }), [['s3:GetObject', 'arn:aws:s3:::t1-images/files/a b.png']]],
      [
        new PutObjectCommand({ Bucket: 't1-images', Key: 'staging/j1.png', Body: 'x' }),
        [['s3:PutObject', 'arn:aws:s3:::t1-images/staging/j1.png']],
      ],
      [
        new CopyObjectCommand({ Bucket: 't1-images', Key: 'files/j1.png', CopySource: 't1-images/staging/j1.png' }),
        [
          ['s3:GetObject', 'arn:aws:s3:::t1-images/staging/j1.png'],
          ['s3:PutObject', 'arn:aws:s3:::t1-images/files/j1.png'],
        ],
      ],
      [new DeleteObjectCommand({ Bucket: 't1-images', Key: 'files/j1.png' }), [['s3:DeleteObject', 'arn:aws:s3:::t1-images/files/j1.png']]],
      [
        new DeleteObjectsCommand({ Bucket: 't1-images', Delete: { Objects: [{ Key: 'files/a.png' }, { Key: 'files/a&b.webp' }] } }),
        [
          ['s3:DeleteObject', 'arn:aws:s3:::t1-images/files/a.png'],
          ['s3:DeleteObject', 'arn:aws:s3:::t1-images/files/a&b.webp'],
        ],
      ],
      [new ListObjectsV2Command({ Bucket: 't1-images', Prefix: 'staging/' }), [['s3:ListBucket', 'arn:aws:s3:::t1-images']]],
      [new HeadBucketCommand({ Bucket: 't1-images' }), [['s3:ListBucket', 'arn:aws:s3:::t1-images']]],
    ]),
  )('maps S3 %s', async (_name, command, expected) => {
    const auths = describeAwsRequest(await wire(s3, command), names);
    expect(auths.map((a) => [a.action, a.resource])).toEqual(expected);
  });

  it('passes the listed prefix as s3:prefix', async () => {
    const [auth] = describeAwsRequest(await wire(s3, new ListObjectsV2Command({ Bucket: 't1-images', Prefix: 'staging/' })), names);
    expect(auth?.context).toEqual({ 's3:prefix': 'staging/' });
  });

  it('maps a presigned GET like a signed one and reads its credential from the query', async () => {
    const url = new URL(await getSignedUrl(s3, new GetObjectCommand({ Bucket: 't1-attachments', Key: 'a/b.pdf' }), { expiresIn: 60 }));
    const req = { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host }, body: Buffer.alloc(0) };
    expect(describeAwsRequest(req, names)).toEqual([{ action: 's3:GetObject', resource: 'arn:aws:s3:::t1-attachments/a/b.pdf' }]);
    expect(principalFromAuthorization(req.url)).toMatchObject({ accessKeyId: 'AKIDFUNCTION1', region: 'us-east-1', service: 's3' });
  });

  it('maps Step Functions calls to the machine, the execution or the token', async () => {
    const machine = 'arn:aws:states:us-east-1:000000000000:stateMachine:artloom-generation';
    const execution = 'arn:aws:states:us-east-1:000000000000:execution:artloom-generation:j1';
    expect(describeAwsRequest(await wire(sfn, new StartExecutionCommand({ stateMachineArn: machine, name: 'j1' })), names)).toEqual([
      { action: 'states:StartExecution', resource: machine },
    ]);
    expect(describeAwsRequest(await wire(sfn, new DescribeExecutionCommand({ executionArn: execution })), names)).toEqual([
      { action: 'states:DescribeExecution', resource: execution },
    ]);
    const success = await wire(sfn, new SendTaskSuccessCommand({ taskToken: 'tok', output: '{}' }));
    expect(describeAwsRequest(success, names)).toEqual([{ action: 'states:SendTaskSuccess', resource: '*' }]);
    expect(describeAwsRequest(success, { ...names, stateMachineOfTaskToken: (t) => (t === 'tok' ? machine : undefined) })).toEqual([
      { action: 'states:SendTaskSuccess', resource: machine },
    ]);
  });

  it.each(
    cases<string>([
      [new ReceiveMessageCommand({ QueueUrl: QUEUE_URL, WaitTimeSeconds: 1 }), 'sqs:ReceiveMessage'],
      [new DeleteMessageCommand({ QueueUrl: QUEUE_URL, ReceiptHandle: 'r' }), 'sqs:DeleteMessage'],
      [
        new ChangeMessageVisibilityCommand({ QueueUrl: QUEUE_URL, ReceiptHandle: 'r', VisibilityTimeout: 0 }),
        'sqs:ChangeMessageVisibility',
      ],
    ]),
  )('maps SQS %s to the queue ARN', async (_name, command, action) => {
    expect(describeAwsRequest(await wire(sqs, command), names)).toEqual([
      { action, resource: 'arn:aws:sqs:us-east-1:000000000000:artloom-gpu-jobs' },
    ]);
  });

  it('maps the SQS query protocol and Auto Scaling', async () => {
    const query = {
      method: 'POST',
      url: '/',
      headers: {},
      body: Buffer.from(`Action=DeleteMessage&QueueUrl=${encodeURIComponent(QUEUE_URL)}`),
    };
    expect(describeAwsRequest({ ...query, service: 'sqs' }, names)).toEqual([
      { action: 'sqs:DeleteMessage', resource: 'arn:aws:sqs:us-east-1:000000000000:artloom-gpu-jobs' },
    ]);
    const scale = await wire(
      new AutoScalingClient(local),
      new SetDesiredCapacityCommand({ AutoScalingGroupName: 'gpu', DesiredCapacity: 0 }),
    );
    expect(describeAwsRequest(scale, names)).toEqual([
      {
        action: 'autoscaling:SetDesiredCapacity',
        resource:
          'arn:aws:autoscaling:us-east-1:000000000000:autoScalingGroup:00000000-0000-0000-0000-000000000000:autoScalingGroupName/gpu',
      },
    ]);
  });

  it('maps CloudWatch DescribeAlarms to the alarms it reads: a prefix as alarm:<prefix>*, names one by one', async () => {
    const cloudWatch = new CloudWatchClient(local);
    const byPrefix = await wire(cloudWatch, new DescribeAlarmsCommand({ AlarmNamePrefix: 'Artloom-dev-' }));
    expect(principalFromAuthorization(byPrefix.headers)?.service).toBe('monitoring');
    expect(describeAwsRequest(byPrefix, names)).toEqual([
      { action: 'cloudwatch:DescribeAlarms', resource: 'arn:aws:cloudwatch:us-east-1:000000000000:alarm:Artloom-dev-*' },
    ]);
    const byName = await wire(cloudWatch, new DescribeAlarmsCommand({ AlarmNames: ['a', 'b'] }));
    expect(describeAwsRequest(byName, names).map((c) => c.resource)).toEqual([
      'arn:aws:cloudwatch:us-east-1:000000000000:alarm:a',
      'arn:aws:cloudwatch:us-east-1:000000000000:alarm:b',
    ]);
    // No prefix at all reads every alarm of the account: alarm:*, which a grant on the stack's alarms does not cover.
    expect(describeAwsRequest(await wire(cloudWatch, new DescribeAlarmsCommand({})), names)[0]?.resource).toBe(
      'arn:aws:cloudwatch:us-east-1:000000000000:alarm:*',
    );
  });

  it('fills DynamoDB fine-grained keys from the item: LeadingKeys (its partition key), Attributes (names written or read)', async () => {
    const put = await wire(
      dynamo,
      new PutItemCommand({ TableName: 't1-jobs', Item: { pk: { S: 'worker#w1' }, sk: { S: 'worker' }, lastSeen: { N: '1' } } }),
    );
    expect(describeAwsRequest(put, names)).toEqual([
      {
        action: 'dynamodb:PutItem',
        resource: `${T}/t1-jobs`,
        context: { 'dynamodb:LeadingKeys': ['worker#w1'], 'dynamodb:Attributes': ['pk', 'sk', 'lastSeen'] },
      },
    ]);
    const update = await wire(
      dynamo,
      new UpdateItemCommand({
        TableName: 't1-jobs',
        Key: { id: { S: 'job#1' }, sk: { S: 'job' } },
        UpdateExpression: 'SET #s = :s, percent = if_not_exists(percent, :zero) REMOVE gsi2pk',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': { S: 'done' }, ':zero': { N: '0' } },
      }),
    );
    // A table whose partition key is `id` (the names say so): its value is the leading key.
    expect(describeAwsRequest(update, { ...names, partitionKeyOf: () => 'id' })[0]?.context).toEqual({
      'dynamodb:LeadingKeys': ['job#1'],
      'dynamodb:Attributes': ['id', 'sk', 'status', 'percent', 'gsi2pk'],
    });
    const transaction = await wire(
      dynamo,
      new TransactWriteItemsCommand({
        TransactItems: [
          {
            Update: {
              TableName: 't1-jobs',
              Key: { pk: { S: 'job#1' }, sk: { S: 'job' } },
              UpdateExpression: 'SET done = :t',
              ExpressionAttributeValues: { ':t': { BOOL: true } },
            },
          },
          {
            Update: {
              TableName: 't1-jobs',
              Key: { pk: { S: 'queue' }, sk: { S: 'slots' } },
              UpdateExpression: 'ADD used :m',
              ExpressionAttributeValues: { ':m': { N: '-1' } },
            },
          },
        ],
      }),
    );
    expect(describeAwsRequest(transaction, names).map((c) => c.context?.['dynamodb:LeadingKeys'])).toEqual([['job#1'], ['queue']]);
  });

  it('maps SES SendEmail to the sending identity (the sender domain), and Auto Scaling Describe calls to *', async () => {
    const send = await wire(
      new SESv2Client(local),
      new SendEmailCommand({
        FromEmailAddress: 'Artloom <artloom@example.com>',
        Destination: { ToAddresses: ['ops@example.com'] },
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      }),
    );
    expect(principalFromAuthorization(send.headers)?.service).toBe('ses');
    expect(describeAwsRequest(send, names)).toEqual([
      { action: 'ses:SendEmail', resource: 'arn:aws:ses:us-east-1:000000000000:identity/example.com' },
    ]);
    const activities = await wire(new AutoScalingClient(local), new DescribeScalingActivitiesCommand({ AutoScalingGroupName: 'gpu' }));
    expect(describeAwsRequest(activities, names)).toEqual([{ action: 'autoscaling:DescribeScalingActivities', resource: '*' }]);
  });

  it('reads the access key of the signature header', async () => {
    const req = await wire(dynamo, new ListTablesCommand({}));
    expect(principalFromAuthorization(req.headers)).toMatchObject({
      accessKeyId: 'AKIDFUNCTION1',
      service: 'dynamodb',
      region: 'us-east-1',
    });
  });
});
