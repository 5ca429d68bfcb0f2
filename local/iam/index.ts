/**
 * The local IAM gateway's library: a synthesized template read as the deployed stack
 * (TemplateModel, localNames), wire requests of the AWS SDK read as IAM authorizations
 * (describeAwsRequest) and each authorization checked by policy simulation (checkCall). checkCall
 * loads @cloud-copilot/iam-simulate (AGPL-3.0) lazily; only tests and the local runtime load this.
 */
export { authorizeRequest, type RequestVerdict } from './authorize';
export {
  type AwsWireRequest,
  type DescribeNames,
  describeAwsRequest,
  principalFromAuthorization,
  type RequestAuthorization,
  type SignatureCredential,
} from './describe-request';
export { constructPath, LOCAL_ACCOUNT, type LocalNamesOptions, localNames, slugOf } from './local-names';
export { type CallCheck, type CallPrincipal, type CallVerdict, checkCall, describePrincipal } from './simulate';
export {
  type CfnResource,
  type CfnTemplate,
  type FunctionModel,
  type LocalNames,
  type NamedPolicy,
  type PolicyDocument,
  type PolicyStatement,
  TemplateModel,
  TemplateResolveError,
} from './template';
