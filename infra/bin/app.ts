import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { readContext } from '../lib/context';
import { ArtloomStack } from '../lib/stacks/artloom-stack';

const app = new App();
const context = readContext((key) => app.node.tryGetContext(key));
new ArtloomStack(app, `Artloom-${context.stage}`, {
  context,
  env: { account: context.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: context.region },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
