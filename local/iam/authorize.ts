import { type AwsWireRequest, type DescribeNames, describeAwsRequest, type RequestAuthorization } from './describe-request';
import { type CallPrincipal, type CallVerdict, checkCall } from './simulate';
import type { TemplateModel } from './template';

export interface RequestVerdict {
  allowed: boolean;
  /** One verdict per authorization the request needs (a transaction has one per item). */
  checks: (RequestAuthorization & CallVerdict)[];
  /** The first denial's explanation, or what was allowed. */
  explanation: string;
}

/**
 * The gateway's one call: what `request` needs (describeAwsRequest) checked for `principal`
 * (checkCall), against the resource policies of the template. Allowed only when every part is.
 */
export async function authorizeRequest(
  model: TemplateModel,
  principal: CallPrincipal,
  request: AwsWireRequest,
  names: Partial<DescribeNames> = {},
): Promise<RequestVerdict> {
  const needs = describeAwsRequest(request, {
    account: model.names.account,
    region: model.names.region,
    partition: model.names.partition,
    ...names,
  });
  const checks: RequestVerdict['checks'] = [];
  for (const need of needs) {
    checks.push({
      ...need,
      ...(await checkCall(model, { principal, action: need.action, resource: need.resource, context: need.context })),
    });
  }
  const denied = checks.find((c) => !c.allowed);
  return {
    allowed: !denied,
    checks,
    explanation: denied?.explanation ?? checks.map((c) => c.explanation).join('; '),
  };
}
