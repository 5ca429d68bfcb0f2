import type { NamedPolicy, PolicyDocument, TemplateModel } from './template';

/**
 * One AWS call checked as AWS would: the caller's identity policies (a role of the template) or a
 * service principal, against the target's resource policy, through @cloud-copilot/iam-simulate.
 * That package is AGPL-3.0: it is imported lazily here and this file is only ever loaded by tests
 * and the local runtime, never by what deploys (lambdas/, shared/, infra/, frontend/).
 */

export type CallPrincipal =
  | { kind: 'role'; roleLogicalId: string }
  | { kind: 'service'; service: string; sourceArn?: string; sourceAccount?: string }
  /** A principal outside the template (a service-linked role, say), with the policies it holds. */
  | { kind: 'arn'; arn: string; identityPolicies: NamedPolicy[] };

export interface CallCheck {
  principal: CallPrincipal;
  action: string;
  resource: string;
  /** Extra request context (condition keys), e.g. `{ 's3:prefix': 'files/' }`. */
  context?: Record<string, string | string[]>;
  /** The target's resource policy; undefined = the template's (TemplateModel.resourcePolicy), null = none. */
  resourcePolicy?: PolicyDocument | null;
}

export interface CallVerdict {
  allowed: boolean;
  /** iam-simulate's overall result: Allowed, ImplicitlyDenied, ExplicitlyDenied, or Error. */
  result: string;
  explanation: string;
}

/** Task callbacks: resource `*` in the Service Authorization Reference, the token's state machine in AWS. */
const AUTHORIZED_ON_STATE_MACHINE = new Set(['states:SendTaskSuccess', 'states:SendTaskFailure', 'states:SendTaskHeartbeat']);

type IamSimulate = typeof import('@cloud-copilot/iam-simulate');
let simulator: Promise<IamSimulate> | undefined;
const loadSimulator = (): Promise<IamSimulate> => {
  simulator ??= import('@cloud-copilot/iam-simulate');
  return simulator;
};

/**
 * Same-account evaluation (everything here is one account): a role is allowed when its identity
 * policies or the resource policy allow and nothing denies; a service principal has no identity
 * policies, so only the resource policy can allow it.
 */
export async function checkCall(model: TemplateModel, call: CallCheck): Promise<CallVerdict> {
  const { runSimulation, runUnsafeSimulation, getDenialReasons } = await loadSimulator();
  const { account, partition } = model.names;
  const resourcePolicy = call.resourcePolicy === undefined ? model.resourcePolicy(call.resource) : (call.resourcePolicy ?? undefined);
  const resourceAccount = call.resource.split(':')[4] || account;
  const context: Record<string, string | string[]> = { 'aws:SecureTransport': 'true', ...call.context };
  let principal: string;
  let identityPolicies: { name: string; policy: unknown }[] = [];
  if (call.principal.kind === 'role') {
    const roleName = model.refOf(call.principal.roleLogicalId);
    // Lambda (and EC2, Step Functions, Scheduler) call as a session of the role.
    principal = `arn:${partition}:sts::${account}:assumed-role/${roleName}/local`;
    identityPolicies = model.identityPolicies(call.principal.roleLogicalId);
  } else if (call.principal.kind === 'arn') {
    principal = call.principal.arn;
    identityPolicies = call.principal.identityPolicies;
  } else {
    principal = call.principal.service;
    if (call.principal.sourceArn) context['aws:SourceArn'] = call.principal.sourceArn;
    if (call.principal.sourceAccount) context['aws:SourceAccount'] = call.principal.sourceAccount;
  }
  const simulation = {
    request: {
      principal,
      action: call.action,
      resource: { resource: call.resource, accountId: resourceAccount },
      contextVariables: context,
    },
    identityPolicies,
    serviceControlPolicies: [],
    resourceControlPolicies: [],
    resourcePolicy,
  };
  const who = describePrincipal(model, call.principal);
  const what = `${call.action} on ${call.resource}`;
  if (AUTHORIZED_ON_STATE_MACHINE.has(call.action) && call.resource !== '*') {
    // iam-simulate follows the Service Authorization Reference, which lists no resource type for
    // the task callbacks and so refuses a resource; Step Functions in fact authorizes them on the
    // state machine of the token (its AccessDenied names that ARN, and a grant on it works:
    // aws/aws-cdk#8486). Without the validation the engine evaluates exactly that.
    const result = runUnsafeSimulation(simulation, {});
    const allowed = result === 'Allowed';
    return {
      allowed,
      result,
      explanation: `${who} ${allowed ? 'may' : 'may not'} ${what}${allowed ? '' : ': no statement in its policies allows it'}`,
    };
  }
  const out = await runSimulation(simulation, {});
  if (out.resultType === 'error') {
    return { allowed: false, result: 'Error', explanation: `${who} ${what}: the simulation could not run: ${out.errors.message}` };
  }
  const result = out.overallResult;
  if (result === 'Allowed') return { allowed: true, result, explanation: `${who} may ${what}` };
  const analysis = out.resultType === 'single' ? out.result.analysis : out.results[0]?.analysis;
  const explicit = analysis ? getDenialReasons(analysis).find((d) => d.denialType === 'Explicit') : undefined;
  let why: string;
  if (explicit && explicit.denialType === 'Explicit') {
    const statement = explicit.statementId ? `statement ${explicit.statementId}` : `statement #${explicit.statementIndex}`;
    const policy =
      explicit.policyType === 'resource'
        ? `the resource policy of ${call.resource}`
        : `${explicit.policyType} policy ${explicit.policyIdentifier ?? ''}`.trim();
    why = `${statement} of ${policy} denies it`;
  } else if (call.principal.kind !== 'service') {
    why = resourcePolicy ? 'no statement in its policies or in the resource policy allows it' : 'no statement in its policies allows it';
  } else {
    why = resourcePolicy
      ? `no statement in the resource policy of ${call.resource} allows it`
      : `${call.resource} has no resource policy to allow it`;
  }
  return { allowed: false, result, explanation: `${who} may not ${what}: ${why}` };
}

const functionsByRole = new WeakMap<TemplateModel, Map<string, string[]>>();

/** "artloom-api-gallery-list-images (role apigallerylistimagesServiceRole…)" or "cloudwatch.amazonaws.com (from arn:…)". */
export function describePrincipal(model: TemplateModel, principal: CallPrincipal): string {
  if (principal.kind === 'arn') return principal.arn;
  if (principal.kind === 'service') return principal.sourceArn ? `${principal.service} (from ${principal.sourceArn})` : principal.service;
  let byRole = functionsByRole.get(model);
  if (!byRole) {
    byRole = new Map();
    for (const f of model.functions()) if (f.roleLogicalId) byRole.set(f.roleLogicalId, [...(byRole.get(f.roleLogicalId) ?? []), f.name]);
    functionsByRole.set(model, byRole);
  }
  const fns = byRole.get(principal.roleLogicalId) ?? [];
  const role = `role ${principal.roleLogicalId}`;
  return fns.length ? `${fns.join(', ')} (${role})` : `${model.refOf(principal.roleLogicalId)} (${role})`;
}
