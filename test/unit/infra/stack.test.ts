import { App, Validations } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { TABLES } from '../../../infra/lib/data-model';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { ROUTES } from '../../../lambdas/routes';

let template: Template;
let app: App;
beforeAll(() => {
  // Skip esbuild bundling: assertions read the template, not the code assets.
  app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new ArtloomStack(app, 'Test', {
    context: appContextSchema.parse({}),
    env: { account: '123456789012', region: 'us-east-1' },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  template = Template.fromStack(stack);
}, 60_000);

describe('Artloom stack', () => {
  it('makes one DynamoDB table per data-model entry, with its indexes and TTL', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', TABLES.length);
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: Match.arrayWith([Match.objectLike({ IndexName: 'gsi3' })]),
    });
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
    });
  });

  it('routes every row of the route table through API Gateway', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    for (const route of ROUTES) template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
  });

  it('runs the handlers on Node 22', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: Match.objectLike({ IMAGES_TABLE: Match.anyValue() }) } },
    });
    expect(Object.keys(functions).length).toBeGreaterThan(0);
    for (const fn of Object.values(functions)) expect(fn.Properties.Runtime).toBe('nodejs22.x');
  });

  it('serves /api and /files behind one CloudFront distribution with WAF', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['POST', 'DELETE']) })]),
        WebACLId: Match.anyValue(),
      }),
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/files/*' })]),
      }),
    });
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([Match.objectLike({ Name: 'rate-per-ip' })]),
    });
  });

  it('blocks public access on every bucket', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    }
  });

  it('has an operator user pool with an admins group and no self sign-up', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { AdminCreateUserConfig: { AllowAdminCreateUserOnly: true } });
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
  });

  it('passes cdk-nag AwsSolutions with zero unacknowledged findings', () => {
    expect(() => app.synth()).not.toThrow();
  });
});
