/**
 * What IAM authorizes for one wire request of the AWS SDK v3: the action(s) and resource ARN(s),
 * read from the request as the service would read it. One request can be several authorizations
 * (a transaction per item, a copy reads its source, a multi-object delete per key); the gateway
 * checks each. Only the operations Artloom's code sends are mapped precisely; any other operation
 * of a known service maps to `<service>:<Operation>` on the resource the request names, or `*`.
 */

export interface AwsWireRequest {
  /** 'dynamodb' | 's3' | 'states' | 'sqs' | 'autoscaling'; undefined: read off the signature or the target header. */
  service?: string;
  method: string;
  /** Path and query, e.g. `/t1-images/files/a.png?x-id=GetObject`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RequestAuthorization {
  action: string;
  resource: string;
  /** Condition keys the request sets (`s3:prefix`; a DynamoDB item's `dynamodb:LeadingKeys` and `dynamodb:Attributes`). */
  context?: Record<string, string | string[]>;
}

export interface DescribeNames {
  account: string;
  region: string;
  partition?: string;
  /** The state machine a task token belongs to (the local token registry knows); `*` without it. */
  stateMachineOfTaskToken?(token: string): string | undefined;
  /** The Auto Scaling group ARN of an instance, for the instance-level Auto Scaling calls; `*` without it. */
  groupOfInstance?(instanceId: string): string | undefined;
  /** The partition key attribute of a table (its KeySchema HASH); `pk` (every table of ours) without it. */
  partitionKeyOf?(table: string): string | undefined;
}

export interface SignatureCredential {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
}

const header = (headers: AwsWireRequest['headers'], name: string): string | undefined => {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
};

/**
 * The credential of a SigV4 request: `Credential=<AKID>/<date>/<region>/<service>/aws4_request`
 * in the Authorization header, or X-Amz-Credential in the query of a presigned URL.
 */
export function principalFromAuthorization(input: AwsWireRequest['headers'] | URLSearchParams | string): SignatureCredential | undefined {
  let credential: string | undefined;
  if (typeof input === 'string') credential = new URL(input, 'http://local').searchParams.get('X-Amz-Credential') ?? undefined;
  else if (input instanceof URLSearchParams) credential = input.get('X-Amz-Credential') ?? undefined;
  else credential = /Credential=([^,\s]+)/.exec(header(input, 'authorization') ?? '')?.[1];
  const [accessKeyId, date, region, service] = (credential ?? '').split('/');
  if (!accessKeyId || !date || !region || !service) return undefined;
  return { accessKeyId, date, region, service };
}

export function describeAwsRequest(req: AwsWireRequest, names: DescribeNames): RequestAuthorization[] {
  const target = header(req.headers, 'x-amz-target');
  const service = req.service ?? serviceOf(req, target);
  const arn = arnFactory(names);
  switch (service) {
    case 'dynamodb':
      return dynamo(operation(target), json(req.body), arn, names);
    case 's3':
      return s3(req, arn);
    case 'states':
      return stepFunctions(operation(target), json(req.body), names);
    case 'sqs':
      return sqs(req, target, names, arn);
    case 'autoscaling':
      return autoScaling(formOf(req), names, arn);
    case 'bedrock':
      return bedrock(req, arn);
    case 'rekognition':
      // DetectModerationLabels takes the picture's bytes and no resource (`*` in the Service Authorization Reference).
      return [{ action: `rekognition:${operation(target)}`, resource: '*' }];
    case 'monitoring':
      return cloudWatch(operation(target), json(req.body), arn);
    case 'ses':
      return ses(req, arn);
    default:
      throw new Error(`describeAwsRequest: no mapping for service ${service ?? '(unknown)'} (${req.method} ${req.url})`);
  }
}

function serviceOf(req: AwsWireRequest, target: string | undefined): string | undefined {
  if (target?.startsWith('DynamoDB_')) return 'dynamodb';
  if (target?.startsWith('AWSStepFunctions.')) return 'states';
  if (target?.startsWith('AmazonSQS.')) return 'sqs';
  return principalFromAuthorization(req.headers)?.service ?? principalFromAuthorization(req.url)?.service;
}

const operation = (target: string | undefined): string => target?.split('.').pop() ?? '';

function json(body: Buffer): Record<string, unknown> {
  if (!body.length) return {};
  return JSON.parse(body.toString('utf8')) as Record<string, unknown>;
}

type Arn = (service: string, resource: string, regional?: boolean) => string;
const arnFactory =
  (names: DescribeNames): Arn =>
  (service, resource, regional = true) =>
    `arn:${names.partition ?? 'aws'}:${service}:${regional ? names.region : ''}:${regional ? names.account : ''}:${resource}`;

// ---- DynamoDB (awsJson1_0, x-amz-target DynamoDB_20120810.<Op>)

const TRANSACT_ITEM: Record<string, string> = {
  ConditionCheck: 'dynamodb:ConditionCheckItem',
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  Get: 'dynamodb:GetItem',
};

/**
 * The fine-grained access keys of a single-item request, as DynamoDB fills them: `dynamodb:LeadingKeys`
 * is the partition key value of the item (its Key, or the Item written), `dynamodb:Attributes` the
 * attribute names the request names: the Item's or the Key's, and those of its update and projection
 * expressions (through ExpressionAttributeNames).
 */
function itemContext(item: Record<string, unknown>, names: DescribeNames): Record<string, string[]> {
  const tableName =
    String(item.TableName ?? '')
      .split('/')
      .pop() ?? '';
  const pk = names.partitionKeyOf?.(tableName) ?? 'pk';
  const values = (item.Key ?? item.Item ?? {}) as Record<string, Record<string, unknown>>;
  const leading = values[pk] ? Object.values(values[pk]).map(String) : [];
  const aliases = (item.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const attributes = new Set(Object.keys(values));
  for (const expression of [item.UpdateExpression, item.ProjectionExpression]) {
    if (typeof expression !== 'string') continue;
    // Names in an expression: `#alias` or a bare identifier that is not a value (`:v`), keyword or function.
    const tokens = expression.replace(/:[A-Za-z0-9_]+/g, ' ').match(/#?[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
    for (const token of tokens) {
      if (token.startsWith('#')) attributes.add(aliases[token] ?? token);
      else if (!EXPRESSION_WORDS.has(token.toUpperCase())) attributes.add(token);
    }
  }
  return { 'dynamodb:LeadingKeys': leading, 'dynamodb:Attributes': [...attributes] };
}

const EXPRESSION_WORDS = new Set(['SET', 'REMOVE', 'ADD', 'DELETE', 'IF_NOT_EXISTS', 'LIST_APPEND', 'AND', 'OR', 'NOT']);
const SINGLE_ITEM = new Set(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem']);

function dynamo(op: string, body: Record<string, unknown>, arn: Arn, names: DescribeNames): RequestAuthorization[] {
  const table = (name: unknown, index?: unknown) => {
    const base = String(name).startsWith('arn:') ? String(name) : arn('dynamodb', `table/${String(name)}`);
    return index === undefined ? base : `${base}/index/${String(index)}`;
  };
  if (SINGLE_ITEM.has(op)) return [{ action: `dynamodb:${op}`, resource: table(body.TableName), context: itemContext(body, names) }];
  switch (op) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return Object.keys((body.RequestItems ?? {}) as object).map((t) => ({ action: `dynamodb:${op}`, resource: table(t) }));
    case 'TransactWriteItems':
    case 'TransactGetItems':
      return ((body.TransactItems ?? []) as Record<string, { TableName?: string }>[]).flatMap((item) =>
        Object.entries(item).map(([kind, inner]) => {
          const action = TRANSACT_ITEM[kind];
          if (!action) throw new Error(`describeAwsRequest: unknown ${op} item ${kind}`);
          return { action, resource: table(inner.TableName), context: itemContext(inner, names) };
        }),
      );
    case 'ListTables':
      return [{ action: 'dynamodb:ListTables', resource: '*' }];
    case 'Query':
    case 'Scan':
      return [{ action: `dynamodb:${op}`, resource: table(body.TableName, body.IndexName) }];
    default:
      return [{ action: `dynamodb:${op}`, resource: body.TableName === undefined ? '*' : table(body.TableName) }];
  }
}

// ---- S3 (REST, path-style as the local client sends it; virtual-hosted read off the Host header)

function s3(req: AwsWireRequest, arn: Arn): RequestAuthorization[] {
  const url = new URL(req.url, 'http://local');
  const q = url.searchParams;
  const segments = url.pathname.split('/').slice(1);
  const host = header(req.headers, 'host') ?? '';
  const virtualBucket = /^(.+)\.s3[.-]/.exec(host)?.[1];
  const bucket = virtualBucket ?? decodeURIComponent(segments.shift() ?? '');
  const key = segments.map(decodeURIComponent).join('/');
  const object = (b: string, k: string) => arn('s3', `${b}/${k}`, false);
  const one = (action: string, resource: string, context?: Record<string, string>) => ({
    action,
    resource,
    ...(context ? { context } : {}),
  });
  const method = req.method.toUpperCase();
  if (!bucket) return [one('s3:ListAllMyBuckets', '*')];
  const bucketArn = arn('s3', bucket, false);
  if (!key) {
    if (method === 'POST' && q.has('delete')) {
      const keys = [...req.body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1] ?? ''));
      return keys.map((k) => one('s3:DeleteObject', object(bucket, k)));
    }
    if (method === 'GET' && q.has('uploads')) return [one('s3:ListBucketMultipartUploads', bucketArn)];
    if (method === 'GET' && q.has('versions')) return [one('s3:ListBucketVersions', bucketArn)];
    if (method === 'GET' && q.has('location')) return [one('s3:GetBucketLocation', bucketArn)];
    if (method === 'GET' || method === 'HEAD') {
      const prefix = q.get('prefix');
      return [one('s3:ListBucket', bucketArn, prefix === null ? undefined : { 's3:prefix': prefix })];
    }
    if (method === 'PUT') return [one('s3:CreateBucket', bucketArn)];
    if (method === 'DELETE') return [one('s3:DeleteBucket', bucketArn)];
    return [one(`s3:${method}Bucket`, bucketArn)];
  }
  const target = object(bucket, key);
  if (q.has('tagging')) {
    const verb = method === 'GET' ? 'Get' : method === 'DELETE' ? 'Delete' : 'Put';
    return [one(`s3:${verb}ObjectTagging`, target)];
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return [one(q.has('versionId') ? 's3:GetObjectVersion' : 's3:GetObject', target)];
    case 'PUT': {
      const source = header(req.headers, 'x-amz-copy-source');
      const put = one('s3:PutObject', target);
      if (!source) return [put];
      const [path = ''] = decodeURIComponent(source).replace(/^\//, '').split('?');
      const slash = path.indexOf('/');
      return [one('s3:GetObject', object(path.slice(0, slash), path.slice(slash + 1))), put];
    }
    case 'POST':
      // CreateMultipartUpload (?uploads) and CompleteMultipartUpload (?uploadId) are PutObject to IAM.
      return [one('s3:PutObject', target)];
    case 'DELETE':
      return [one(q.has('uploadId') ? 's3:AbortMultipartUpload' : 's3:DeleteObject', target)];
    default:
      throw new Error(`describeAwsRequest: no S3 mapping for ${method} ${req.url}`);
  }
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

// ---- Step Functions (awsJson1_0, x-amz-target AWSStepFunctions.<Op>)

function stepFunctions(op: string, body: Record<string, unknown>, names: DescribeNames): RequestAuthorization[] {
  const action = `states:${op}`;
  if (typeof body.stateMachineArn === 'string') return [{ action, resource: body.stateMachineArn }];
  if (typeof body.executionArn === 'string') return [{ action, resource: body.executionArn }];
  if (typeof body.taskToken === 'string') {
    return [{ action, resource: names.stateMachineOfTaskToken?.(body.taskToken) ?? '*' }];
  }
  return [{ action, resource: '*' }];
}

// ---- SQS (awsJson1_0 `AmazonSQS.<Op>`, or the query protocol's Action=<Op>)

const SQS_BATCH: Record<string, string> = {
  SendMessageBatch: 'SendMessage',
  DeleteMessageBatch: 'DeleteMessage',
  ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
};

function sqs(req: AwsWireRequest, target: string | undefined, names: DescribeNames, arn: Arn): RequestAuthorization[] {
  let op: string;
  let queueUrl: string | undefined;
  let queueName: string | undefined;
  if (target) {
    const body = json(req.body);
    op = operation(target);
    queueUrl = body.QueueUrl as string | undefined;
    queueName = body.QueueName as string | undefined;
  } else {
    const form = formOf(req);
    op = form.get('Action') ?? '';
    queueUrl = form.get('QueueUrl') ?? (new URL(req.url, 'http://local').pathname.split('/').length > 2 ? req.url : undefined);
    queueName = form.get('QueueName') ?? undefined;
  }
  const action = `sqs:${SQS_BATCH[op] ?? op}`;
  if (op === 'ListQueues') return [{ action, resource: '*' }];
  if (queueUrl) {
    const parts = new URL(queueUrl, 'http://local').pathname.split('/').filter(Boolean);
    const name = parts.at(-1) ?? '';
    const account = parts.length >= 2 && /^\d{12}$/.test(parts.at(-2) ?? '') ? (parts.at(-2) as string) : names.account;
    return [{ action, resource: `arn:${names.partition ?? 'aws'}:sqs:${names.region}:${account}:${name}` }];
  }
  return [{ action, resource: queueName ? arn('sqs', queueName) : '*' }];
}

// ---- Bedrock runtime (REST JSON): ApplyGuardrail on the guardrail the path names

function bedrock(req: AwsWireRequest, arn: Arn): RequestAuthorization[] {
  const path = new URL(req.url, 'http://local').pathname;
  const guardrail = /^\/guardrail\/([^/]+)\/version\/[^/]+\/apply$/.exec(path)?.[1];
  if (guardrail) return [{ action: 'bedrock:ApplyGuardrail', resource: arn('bedrock', `guardrail/${decodeURIComponent(guardrail)}`) }];
  throw new Error(`describeAwsRequest: no Bedrock mapping for ${req.method} ${req.url}`);
}

// ---- CloudWatch (awsJson1_0, x-amz-target GraniteServiceVersion20100801.<Op>; signing name `monitoring`)

/**
 * DescribeAlarms is authorized on the alarms it reads: the named ones, or with a name prefix the
 * prefix's alarms (`alarm:<prefix>*`, which a policy on `alarm:<stack>-*` covers and no narrower one does).
 */
function cloudWatch(op: string, body: Record<string, unknown>, arn: Arn): RequestAuthorization[] {
  const action = `cloudwatch:${op}`;
  if (op !== 'DescribeAlarms') return [{ action, resource: '*' }];
  const names = Array.isArray(body.AlarmNames) ? (body.AlarmNames as string[]) : [];
  if (names.length) return names.map((name) => ({ action, resource: arn('cloudwatch', `alarm:${name}`) }));
  return [{ action, resource: arn('cloudwatch', `alarm:${typeof body.AlarmNamePrefix === 'string' ? body.AlarmNamePrefix : ''}*`) }];
}

// ---- SES v2 (REST-JSON; signing name `ses`)

/**
 * SendEmail is authorized on the sending identity. The local runtime cannot know whether an address
 * or its domain is the verified identity; the stack verifies (and grants) the domain, so the request
 * is checked against `identity/<domain of FromEmailAddress>`.
 */
function ses(req: AwsWireRequest, arn: Arn): RequestAuthorization[] {
  const path = new URL(req.url, 'http://local').pathname;
  if (req.method === 'POST' && path === '/v2/email/outbound-emails') {
    const from = String(json(req.body).FromEmailAddress ?? '');
    const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
    return [{ action: 'ses:SendEmail', resource: arn('ses', `identity/${address.split('@').pop() ?? address}`) }];
  }
  throw new Error(`describeAwsRequest: no SES mapping for ${req.method} ${req.url}`);
}

// ---- Auto Scaling (query protocol, what the GPU worker and the backstop send)

function autoScaling(form: URLSearchParams, names: DescribeNames, arn: Arn): RequestAuthorization[] {
  const op = form.get('Action') ?? '';
  const action = `autoscaling:${op}`;
  // The Describe operations take no resource (`*` in the Service Authorization Reference), whatever group they name.
  if (op.startsWith('Describe')) return [{ action, resource: '*' }];
  const group = form.get('AutoScalingGroupName');
  if (group) {
    return [
      { action, resource: arn('autoscaling', `autoScalingGroup:00000000-0000-0000-0000-000000000000:autoScalingGroupName/${group}`) },
    ];
  }
  const instance = form.get('InstanceId');
  if (instance) return [{ action, resource: names.groupOfInstance?.(instance) ?? '*' }];
  return [{ action, resource: '*' }];
}

function formOf(req: AwsWireRequest): URLSearchParams {
  const form = new URLSearchParams(req.body.toString('utf8'));
  for (const [k, v] of new URL(req.url, 'http://local').searchParams) if (!form.has(k)) form.set(k, v);
  return form;
}
