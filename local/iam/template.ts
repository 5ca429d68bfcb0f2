import { identityPolicies, resourcePolicy } from './policies';
import { arnOfResource, attributeOf, refOfResource, TemplateResolveError } from './resource-arns';
import type { CfnResource, CfnTemplate, FunctionModel, LocalNames, NamedPolicy, PolicyDocument, ResolveContext } from './template-types';

export type {
  CfnResource,
  CfnTemplate,
  FunctionModel,
  LocalNames,
  NamedPolicy,
  PolicyDocument,
  PolicyStatement,
  ResolveContext,
} from './template-types';
export { TemplateResolveError };

/**
 * A synthesized CloudFormation template (cdk.out/<Stack>.template.json) read as the deployed stack
 * would be: intrinsic functions resolved against physical names the caller chooses (local/iam/
 * local-names.ts gives the local runtime's). Plain JSON in, plain JSON out: no aws-cdk-lib here, so
 * the local runtime can load it cheaply and the gateway can ask it per request.
 */

const PSEUDO = ['AWS::Region', 'AWS::AccountId', 'AWS::Partition', 'AWS::URLSuffix', 'AWS::StackName', 'AWS::StackId', 'AWS::NoValue'];
const NO_VALUE = Symbol('AWS::NoValue');

export class TemplateModel {
  private readonly physical = new Map<string, string>();
  // The template does not change under a model: policies are resolved once, then asked per call.
  private readonly identityCache = new Map<string, NamedPolicy[]>();
  private readonly resourceCache = new Map<string, PolicyDocument | undefined>();

  constructor(
    readonly template: CfnTemplate,
    readonly names: LocalNames,
  ) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      this.physical.set(id, names.physicalName(id, resource) ?? id);
    }
  }

  resource(logicalId: string): CfnResource {
    const r = this.template.Resources[logicalId];
    if (!r) throw new TemplateResolveError(`no resource ${logicalId} in the template`);
    return r;
  }

  /** The resource's construct path (Metadata `aws:cdk:path`), when the synth wrote it. */
  cdkPath(logicalId: string): string | undefined {
    const path = this.resource(logicalId).Metadata?.['aws:cdk:path'];
    return typeof path === 'string' ? path : undefined;
  }

  physicalName(logicalId: string): string {
    this.resource(logicalId);
    return this.physical.get(logicalId) ?? logicalId;
  }

  /** Logical ids of the resources of `type`, in template order. */
  ofType(type: string): string[] {
    return Object.entries(this.template.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id]) => id);
  }

  /** Resolves every intrinsic function in `value`; throws TemplateResolveError on what it cannot. */
  resolve(value: unknown): unknown {
    const out = this.resolveInner(value);
    return out === NO_VALUE ? undefined : out;
  }

  resolveString(value: unknown, what: string): string {
    const out = this.resolve(value);
    if (typeof out === 'string') return out;
    if (typeof out === 'number' || typeof out === 'boolean') return String(out);
    throw new TemplateResolveError(`${what} did not resolve to a string: ${JSON.stringify(out)}`);
  }

  /** The resource's ARN, as GetAtt Arn (or Ref, for types whose Ref is the ARN) gives it. */
  arnOf(logicalId: string): string {
    return arnOfResource(this.ctx(), logicalId, this.resource(logicalId));
  }

  /** Ref of a resource. */
  refOf(logicalId: string): string {
    return refOfResource(this.ctx(), logicalId, this.resource(logicalId));
  }

  getAtt(logicalId: string, attribute: string): string {
    const resource = this.resource(logicalId);
    const ctx = this.ctx();
    const a = attributeOf(ctx, logicalId, resource, attribute);
    if (a === undefined) {
      throw new TemplateResolveError(`cannot resolve Fn::GetAtt ${logicalId}.${attribute} (${resource.Type})`);
    }
    return a;
  }

  functions(): FunctionModel[] {
    return this.ofType('AWS::Lambda::Function').map((id) => this.functionModel(id));
  }

  functionModel(logicalId: string): FunctionModel {
    const r = this.resource(logicalId);
    const p = r.Properties ?? {};
    const env = ((p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
    const environment: Record<string, string> = {};
    for (const [key, value] of Object.entries(env)) environment[key] = this.resolveString(value, `${logicalId} environment ${key}`);
    const role = p.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
    const asset = r.Metadata?.['aws:asset:path'];
    return {
      logicalId,
      cdkPath: this.cdkPath(logicalId),
      name: this.physicalName(logicalId),
      arn: this.arnOf(logicalId),
      assetPath: typeof asset === 'string' ? asset : undefined,
      handler: String(p.Handler ?? 'index.handler'),
      runtime: String(p.Runtime ?? ''),
      architecture: String((p.Architectures as string[] | undefined)?.[0] ?? 'x86_64'),
      memoryMb: Number(p.MemorySize ?? 128),
      timeoutSeconds: Number(p.Timeout ?? 3),
      reservedConcurrency: p.ReservedConcurrentExecutions === undefined ? undefined : Number(p.ReservedConcurrentExecutions),
      environment,
      roleLogicalId: Array.isArray(role?.['Fn::GetAtt']) ? role['Fn::GetAtt'][0] : undefined,
    };
  }

  /**
   * The role's identity policies, resolved: every AWS::IAM::Policy attached to it, its inline
   * Policies and the AWS-managed policies this model knows (local/iam/policies.ts). Shared: do not mutate.
   */
  identityPolicies(roleLogicalId: string): NamedPolicy[] {
    const cached = this.identityCache.get(roleLogicalId);
    if (cached) return cached;
    const policies = identityPolicies(this, roleLogicalId);
    this.identityCache.set(roleLogicalId, policies);
    return policies;
  }

  /** The resource policy AWS would hold for `resourceArn` (topic, bucket or object, queue, function); undefined when none. Shared: do not mutate. */
  resourcePolicy(resourceArn: string): PolicyDocument | undefined {
    // A bucket's policy is its objects' policy: one entry per bucket, not per key.
    const key = resourceArn.split(':')[2] === 's3' ? (resourceArn.split('/')[0] as string) : resourceArn;
    if (!this.resourceCache.has(key)) this.resourceCache.set(key, resourcePolicy(this, key));
    return this.resourceCache.get(key);
  }

  /** The logical id of the function whose physical name (or ARN) is `nameOrArn`. */
  logicalIdOfFunctionName(nameOrArn: string): string | undefined {
    const name = nameOrArn.startsWith('arn:') ? (nameOrArn.split(':')[6] ?? '') : nameOrArn;
    return this.ofType('AWS::Lambda::Function').find((id) => this.physicalName(id) === name);
  }

  /** The logical id of the resource whose ARN is `arn` (tables, buckets, queues, topics, functions, …). */
  logicalIdOfArn(arn: string): string | undefined {
    for (const id of Object.keys(this.template.Resources)) {
      try {
        if (this.arnOf(id) === arn) return id;
      } catch {
        // Types without an ARN here are not the ones asked for.
      }
    }
    return undefined;
  }

  // ---- resolution

  private ctx(): ResolveContext {
    return {
      names: this.names,
      physical: (id) => this.physicalName(id),
      resolve: (v) => this.resolve(v),
    };
  }

  private resolveInner(value: unknown): unknown {
    if (typeof value === 'string') return this.dynamicReferences(value);
    if (Array.isArray(value)) return value.map((v) => this.resolveInner(v)).filter((v) => v !== NO_VALUE);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 1) {
      const [key, arg] = entries[0] as [string, unknown];
      if (key === 'Ref') return this.ref(String(arg));
      if (key === 'Condition' && typeof arg === 'string' && this.template.Conditions?.[arg] !== undefined) return this.condition(arg);
      if (key.startsWith('Fn::')) return this.fn(key, arg);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries) {
      const r = this.resolveInner(v);
      if (r !== NO_VALUE) out[k] = r;
    }
    return out;
  }

  /** `{{resolve:secretsmanager:…}}` (and ssm) dynamic references stand for a local value. */
  private dynamicReferences(s: string): string {
    return s.replace(/\{\{resolve:[^}]*\}\}/g, () => this.names.secretValue ?? 'local-secret');
  }

  private ref(name: string): unknown {
    if (PSEUDO.includes(name)) return this.pseudo(name);
    const param = this.template.Parameters?.[name];
    if (param) {
      if (param.Default === undefined) throw new TemplateResolveError(`parameter ${name} has no default`);
      return param.Default;
    }
    if (!this.template.Resources[name]) throw new TemplateResolveError(`Ref to ${name}: no such resource or parameter`);
    return this.refOf(name);
  }

  private pseudo(name: string): unknown {
    const n = this.names;
    switch (name) {
      case 'AWS::Region':
        return n.region;
      case 'AWS::AccountId':
        return n.account;
      case 'AWS::Partition':
        return n.partition;
      case 'AWS::URLSuffix':
        return n.partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
      case 'AWS::StackName':
        return n.stackName ?? 'local';
      case 'AWS::StackId':
        return `arn:${n.partition}:cloudformation:${n.region}:${n.account}:stack/${n.stackName ?? 'local'}/local`;
      default:
        return NO_VALUE;
    }
  }

  private condition(name: string): boolean {
    const c = this.template.Conditions?.[name];
    if (c === undefined) throw new TemplateResolveError(`no condition ${name}`);
    return Boolean(this.resolveInner(c));
  }

  private fn(key: string, arg: unknown): unknown {
    const args = Array.isArray(arg) ? arg : [arg];
    switch (key) {
      case 'Fn::GetAtt': {
        const [id, ...attr] = typeof arg === 'string' ? arg.split('.') : (args as string[]);
        return this.getAtt(String(id), attr.join('.'));
      }
      case 'Fn::Join': {
        const [sep, list] = args as [string, unknown];
        const items = this.resolveInner(list);
        if (!Array.isArray(items)) throw new TemplateResolveError(`Fn::Join of a non-list: ${JSON.stringify(list)}`);
        return this.dynamicReferences(items.map(String).join(sep));
      }
      case 'Fn::Sub':
        return this.sub(arg);
      case 'Fn::Select': {
        const index = Number(this.resolveInner(args[0]));
        const list = this.resolveInner(args[1]);
        if (!Array.isArray(list) || list[index] === undefined) throw new TemplateResolveError(`Fn::Select ${index} out of range`);
        return list[index];
      }
      case 'Fn::Split': {
        const [sep, source] = args as [string, unknown];
        return String(this.resolveInner(source)).split(sep);
      }
      case 'Fn::If': {
        const [cond, yes, no] = args as [string, unknown, unknown];
        return this.resolveInner(this.condition(cond) ? yes : no);
      }
      case 'Fn::Equals':
        return JSON.stringify(this.resolveInner(args[0])) === JSON.stringify(this.resolveInner(args[1]));
      case 'Fn::Not':
        return !this.resolveInner(args[0]);
      case 'Fn::And':
        return args.every((a) => Boolean(this.resolveInner(a)));
      case 'Fn::Or':
        return args.some((a) => Boolean(this.resolveInner(a)));
      case 'Fn::Base64':
        return Buffer.from(String(this.resolveInner(args[0]))).toString('base64');
      case 'Fn::GetAZs':
        return ['a', 'b', 'c'].map((z) => `${this.names.region}${z}`);
      default:
        throw new TemplateResolveError(`cannot resolve ${key} here: ${JSON.stringify(arg).slice(0, 200)}`);
    }
  }

  private sub(arg: unknown): string {
    const [text, vars] = (Array.isArray(arg) ? arg : [arg, {}]) as [string, Record<string, unknown>];
    return this.dynamicReferences(
      text.replace(/\$\{(!?)([^}]+)\}/g, (_, bang: string, name: string) => {
        if (bang) return `\${${name}}`;
        if (name in vars) return String(this.resolveInner(vars[name]));
        const dot = name.indexOf('.');
        if (dot > 0 && !PSEUDO.includes(name)) return this.getAtt(name.slice(0, dot), name.slice(dot + 1));
        return String(this.ref(name));
      }),
    );
  }
}
