import { Aspects, CfnResource, type IAspect, type Stack, Token, Validations } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
// cdk-nag's own rendering of a CloudFormation value in a finding id (`<Logical.Arn>/index/*`).
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';
import { PROJECT_RUNTIME } from './constructs/project-function';
import { ACKNOWLEDGEMENTS, type ResourceAcknowledgement } from './nag-acknowledgements';

/** One resource's acknowledged findings (in the stable form of `findingKey`) and the reason, written for that resource. */

interface Statement {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * cdk-nag acknowledgements from the register in infra/lib/nag-acknowledgements.ts: each entry names
 * one resource (its construct path in the stack), the findings acknowledged on it and the reason
 * written for it. The aspect renders each wildcard finding of a policy, role or function in the
 * exact form cdk-nag reports (whatever the feature flags make of partitions and ARNs) and
 * acknowledges it only when that resource's entry lists it: a new grant, whatever its shape, stays
 * an error that fails `cdk synth` and the nag test until someone writes its entry.
 */
export function acknowledgeKnownFindings(
  stack: Stack,
  register: Readonly<Record<string, ResourceAcknowledgement>> = ACKNOWLEDGEMENTS,
): KnownFindings {
  const aspect = new KnownFindings(stack, register);
  Aspects.of(stack).add(aspect);
  return aspect;
}

export class KnownFindings implements IAspect {
  private paths?: Map<string, string>;
  /** Every candidate finding seen, `resource → keys`, acknowledged or not (the register's test reads it). */
  readonly seen = new Map<string, Set<string>>();

  constructor(
    private readonly stack: Stack,
    private readonly register: Readonly<Record<string, ResourceAcknowledgement>>,
  ) {}

  visit(node: IConstruct): void {
    if (node instanceof CfnPolicy) this.policy(node);
    else if (node instanceof CfnRole) this.role(node);
    else if (node instanceof CfnFunction) this.runtime(node);
  }

  /** The resource an entry names: the construct path in the stack, without the L1/role/policy tail CDK adds. */
  resourceOf(node: IConstruct): string {
    const inStack = node.node.path.slice(this.stack.node.path.length + 1);
    return inStack.replace(/(\/(ServiceRole|Role))?(\/DefaultPolicy)?\/Resource$/, '').replace(/\/(ServiceRole|Role|DefaultPolicy)$/, '');
  }

  /**
   * A finding id in a form that survives logical-id hashes, region and partition: `<LogicalId…>`
   * and `"Ref":"LogicalId"` become the construct path (`<data/jobs-table>`), the stack's region
   * `<region>`, the partition `<partition>`, an account given in the environment `<AWS::AccountId>` (as without one).
   */
  findingKey(id: string): string {
    const path = (logicalId: string) => this.pathOf(logicalId) ?? logicalId;
    return (
      id
        .replace(/<(\w+)(\.Arn)?>/g, (whole, logicalId: string) => (whole.startsWith('<AWS::') ? whole : `<${path(logicalId)}>`))
        .replace(/"Ref":"(\w+)"/g, (_, logicalId: string) => `"Ref":"${path(logicalId)}"`)
        .replace(/arn:(aws[\w-]*|<AWS::Partition>):/g, 'arn:<partition>:')
        .replaceAll(`:${this.stack.region}:`, ':<region>:')
        .replaceAll(`-${this.stack.region}/`, '-<region>/')
        .replaceAll(`:${this.stack.account}:`, ':<AWS::AccountId>:')
        .replaceAll(`-${this.stack.account}-`, '-<AWS::AccountId>-')
        // The GPU group's fixed name (`<stack>-gpu`, gpu-fleet.ts) is spelled with the stack's name.
        .replaceAll(`autoScalingGroupName/${this.stack.stackName}-`, 'autoScalingGroupName/<stack>-')
    );
  }

  private pathOf(logicalId: string): string | undefined {
    if (!this.paths) {
      this.paths = new Map();
      for (const c of this.stack.node.findAll()) {
        if (CfnResource.isCfnResource(c)) this.paths.set(this.stack.resolve(c.logicalId) as string, this.resourceOf(c));
      }
    }
    return this.paths.get(logicalId);
  }

  private ack(node: IConstruct, finding: string): void {
    const resource = this.resourceOf(node);
    const key = this.findingKey(finding);
    this.seen.set(resource, (this.seen.get(resource) ?? new Set()).add(key));
    const entry = this.register[resource];
    if (entry?.findings.includes(key)) {
      Validations.of(node).acknowledge({ id: `AwsSolutions::AwsSolutions-${finding}`, reason: `${resource}: ${entry.reason}` });
    }
  }

  private policy(node: CfnPolicy): void {
    const doc = this.stack.resolve(node.policyDocument) as { Statement?: Statement[] };
    for (const s of doc.Statement ?? []) {
      if (s.Effect !== 'Allow') continue;
      for (const action of list(s.Action).filter((a) => a.includes('*'))) this.ack(node, `IAM5[Action::${action}]`);
      for (const resource of list(s.Resource)
        .map(flattenCfnReference)
        .filter((r) => r.includes('*'))) {
        this.ack(node, `IAM5[Resource::${resource}]`);
      }
    }
  }

  private role(node: CfnRole): void {
    for (const arn of list(this.stack.resolve(node.managedPolicyArns) as unknown[]).map(flattenCfnReference)) {
      if (arn.includes(':iam::aws:policy/')) this.ack(node, `IAM4[Policy::${arn}]`);
    }
  }

  private runtime(node: CfnFunction): void {
    const runtime = this.stack.resolve(node.runtime);
    if (Token.isUnresolved(runtime) || runtime === PROJECT_RUNTIME.name) return;
    this.ack(node, 'L1');
  }
}
