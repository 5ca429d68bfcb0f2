/**
 * `npm run admin:create -- <email> [--stack Artloom-dev] [--region us-east-1] [--outputs cdk-outputs.json]`:
 * prints the AWS CLI lines that create an operator in the deployed user pool and put them in the
 * operators' group (the Cognito SDK is not a dependency of this repo; the AWS CLI is the tool).
 * The pool id comes from the stack's outputs: from the outputs file `cdk deploy --outputs-file`
 * wrote, when there is one, or else from a `describe-stacks` line printed first. Nothing is run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { OPERATORS_GROUP } from '../shared/admin';
import { isValidEmail } from '../shared/schemas/common';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stack: { type: 'string', default: 'Artloom-dev' },
    region: { type: 'string', default: process.env.AWS_REGION ?? 'us-east-1' },
    outputs: { type: 'string', default: 'cdk-outputs.json' },
  },
});

export function operatorCommands(email: string, stack: string, region: string, poolId?: string): string[] {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const pool = poolId
    ? [`POOL=${q(poolId)}`]
    : [
        `POOL=$(aws cloudformation describe-stacks --region ${q(region)} --stack-name ${q(stack)} \\`,
        `  --query "Stacks[0].Outputs[?OutputKey=='OperatorUserPoolId'].OutputValue" --output text)`,
      ];
  return [
    ...pool,
    `aws cognito-idp admin-create-user --region ${q(region)} --user-pool-id "$POOL" --username ${q(email)} \\`,
    `  --user-attributes Name=email,Value=${q(email)} Name=email_verified,Value=true --desired-delivery-mediums EMAIL`,
    `aws cognito-idp admin-add-user-to-group --region ${q(region)} --user-pool-id "$POOL" --username ${q(email)} --group-name ${q(OPERATORS_GROUP)}`,
  ];
}

function poolFromOutputs(file: string, stack: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const outputs = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  return outputs[stack]?.OperatorUserPoolId;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const email = positionals[0] ?? '';
  if (!isValidEmail(email)) {
    console.error('usage: npm run admin:create -- <email> [--stack Artloom-dev] [--region us-east-1] [--outputs cdk-outputs.json]');
    process.exit(2);
  }
  const pool = poolFromOutputs(values.outputs, values.stack);
  console.info(`# Creates ${email} as an operator of ${values.stack} (${values.region}); run with AWS credentials of that account.`);
  console.info('# Cognito emails a temporary password; the first sign-in at <SiteUrl>/admin sets a new one and enrols TOTP MFA.');
  for (const line of operatorCommands(email, values.stack, values.region, pool)) console.info(line);
}
