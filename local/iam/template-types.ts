/** The shapes of a synthesized CloudFormation template and of what local/iam/template.ts reads from it. */

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
  Condition?: string;
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Conditions?: Record<string, unknown>;
  Parameters?: Record<string, { Default?: unknown }>;
  Outputs?: Record<string, unknown>;
}

/** Where the stack lives and what each resource is called there: the caller's choice. */
export interface LocalNames {
  account: string;
  region: string;
  partition: string;
  stackName?: string;
  /** The value a `{{resolve:secretsmanager:…}}` dynamic reference stands for. */
  secretValue?: string;
  /** The physical name (or id) of a resource; undefined leaves its logical id. */
  physicalName(logicalId: string, resource: CfnResource): string | undefined;
  /** The URL of a queue by name (default https://sqs.<region>.amazonaws.com/<account>/<name>). */
  queueUrl?(name: string): string;
}

export interface PolicyStatement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Principal?: unknown;
  NotPrincipal?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}
export interface PolicyDocument {
  Version: string;
  Statement: PolicyStatement[];
}
export interface NamedPolicy {
  name: string;
  policy: PolicyDocument;
}

export interface FunctionModel {
  logicalId: string;
  cdkPath: string | undefined;
  name: string;
  arn: string;
  /** The bundle folder (Metadata `aws:asset:path`): a cdk.out asset folder after a CLI synth. */
  assetPath: string | undefined;
  handler: string;
  runtime: string;
  architecture: string;
  memoryMb: number;
  timeoutSeconds: number;
  reservedConcurrency: number | undefined;
  environment: Record<string, string>;
  roleLogicalId: string | undefined;
}

export interface ResolveContext {
  names: LocalNames;
  physical(logicalId: string): string;
  resolve(value: unknown): unknown;
}
