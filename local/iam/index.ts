/**
 * The local IAM gateway's library: a synthesized template read as the deployed stack
 * (TemplateModel, localNames), wire requests of the AWS SDK read as IAM authorizations
 * (describeAwsRequest) and each authorization checked by policy simulation (checkCall). checkCall
 * loads @cloud-copilot/iam-simulate (AGPL-3.0) lazily; only tests and the local runtime load this.
 */
export type { RequestVerdict } from './authorize';
export {
  type AwsWireRequest,
  type DescribeNames,
  describeAwsRequest,
  type RequestAuthorization,
  type SignatureCredential,
} from './describe-request';
export { LOCAL_ACCOUNT, type LocalNamesOptions, localNames } from './local-names';
export { type CallCheck, type CallPrincipal, type CallVerdict, checkCall } from './simulate';
export {
  type CfnResource,
  type CfnTemplate,
  type FunctionModel,
  type LocalNames,
  type NamedPolicy,
  type PolicyDocument,
  type PolicyStatement,
  TemplateModel,
} from './template';
