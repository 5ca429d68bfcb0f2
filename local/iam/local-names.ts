import { BUCKETS, TABLES } from '../../infra/lib/data-model';
import { localName } from '../names';
import type { CfnResource, CfnTemplate, LocalNames } from './template';

/** The account the local runtime signs and names ARNs with. */
export const LOCAL_ACCOUNT = '000000000000';

export interface LocalNamesOptions {
  /** Tables and data buckets are `<prefix>-<id>` (local/names.ts localName). */
  prefix: string;
  /** Default arn:aws:states:<region>:<account>:stateMachine:artloom-generation; its last part names the machine. */
  stateMachineArn?: string;
  /** Queue URLs are `<queueUrlBase>/<name>` (default https://sqs.<region>.amazonaws.com/<account>). */
  queueUrlBase?: string;
  /** Default: the account the template was synthesized for when it writes one (synthesizedAccount), else 000000000000. */
  account?: string;
  region?: string;
  stackName?: string;
  /** What `{{resolve:secretsmanager:…}}` (the origin secret) stands for locally. */
  secretValue?: string;
}

/**
 * The local runtime's physical names for a synthesized template: DynamoDB tables and the data
 * buckets as `npm start` creates them, the job queue and state machine as local/sfn names them,
 * functions `artloom-<construct path>`, the rest a slug of the construct path (its logical id when
 * the synth wrote no paths).
 */
export function localNames(template: CfnTemplate, options: LocalNamesOptions): LocalNames {
  const region = options.region ?? 'us-east-1';
  const account = options.account ?? synthesizedAccount(template) ?? LOCAL_ACCOUNT;
  const stateMachineName = (options.stateMachineArn ?? 'stateMachine:artloom-generation').split(':').pop() ?? 'artloom-generation';
  const stackName = options.stackName ?? stackNameOf(template) ?? 'local';
  return {
    account,
    region,
    partition: 'aws',
    stackName,
    secretValue: options.secretValue ?? 'local-origin-secret',
    queueUrl: (name) => `${options.queueUrlBase ?? `https://sqs.${region}.amazonaws.com/${account}`}/${name}`,
    physicalName(logicalId: string, resource: CfnResource): string | undefined {
      const path = constructPath(resource, stackName);
      const slug = path ? slugOf(path) : logicalId;
      switch (resource.Type) {
        case 'AWS::DynamoDB::GlobalTable':
        case 'AWS::DynamoDB::Table': {
          const id = /^data\/([^/]+)-table$/.exec(path ?? '')?.[1] ?? dataIdOf(logicalId, TABLES, 'table');
          return id ? localName(options.prefix, id) : `${options.prefix}-${slug}`;
        }
        case 'AWS::S3::Bucket': {
          const id = /^data\/([^/]+)-bucket$/.exec(path ?? '')?.[1] ?? dataIdOf(logicalId, BUCKETS, 'bucket');
          return localName(options.prefix, id ?? slug);
        }
        case 'AWS::StepFunctions::StateMachine':
          return stateMachineName;
        case 'AWS::SQS::Queue':
          return (path ?? logicalId).replace(/[/-]/g, '').includes('gpujobsqueue') ? 'artloom-gpu-jobs' : slug;
        case 'AWS::Lambda::Function':
          return `artloom-${slug}`;
        case 'AWS::AutoScaling::AutoScalingGroup': {
          // A group named in the template has that name, as in AWS (the GPU group: `<stack>-gpu`).
          const named = (resource.Properties as { AutoScalingGroupName?: unknown } | undefined)?.AutoScalingGroupName;
          return typeof named === 'string' ? named : slug;
        }
        default:
          return slug;
      }
    },
  };
}

/**
 * A table or bucket id read off a logical id (`data<id>table<hash>`), for templates synthesized
 * without construct paths (an in-process App leaves them out unless asked).
 */
function dataIdOf(logicalId: string, defs: readonly { id: string }[], kind: string): string | undefined {
  return defs.find((d) => new RegExp(`^data${d.id}${kind}[0-9A-F]{8}$`).test(logicalId))?.id;
}

/**
 * The account a template was synthesized for, when the stack had a concrete env: CDK then writes
 * it literally into ARNs and conditions (execute-api source ARNs, aws:SourceAccount), so local
 * ARNs must use the same one for those statements to match. Undefined for an env-agnostic synth.
 */
export function synthesizedAccount(template: CfnTemplate): string | undefined {
  // `:<service>:<region or nothing>:<account>:` — in whole ARNs and in Fn::Join pieces of them alike.
  return /:[a-z0-9-]+:(?:[a-z]{2}(?:-[a-z]+)+-\d)?:(\d{12}):/.exec(JSON.stringify(template.Resources))?.[1];
}

/** The construct path below the stack, without CloudFormation's `/Resource` leaf. */
export function constructPath(resource: CfnResource, stackName?: string): string | undefined {
  const path = resource.Metadata?.['aws:cdk:path'];
  if (typeof path !== 'string') return undefined;
  const parts = path.split('/');
  if (stackName === undefined || parts[0] === stackName) parts.shift();
  if (parts.at(-1) === 'Resource' || parts.at(-1) === 'Default') parts.pop();
  return parts.join('/');
}

export const slugOf = (path: string): string =>
  path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The stack name, read off the construct paths (`<Stack>/…`). */
function stackNameOf(template: CfnTemplate): string | undefined {
  for (const r of Object.values(template.Resources)) {
    const path = r.Metadata?.['aws:cdk:path'];
    if (typeof path === 'string') return path.split('/')[0];
  }
  return undefined;
}
