import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { CRS_BODY_SIZE_LABEL, integersAbove } from '../../../infra/lib/waf-rules';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { ROUTES } from '../../../lambdas/routes';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
let template: Template;
let stack: ArtloomStack;

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new ArtloomStack(app, 'Edge', { context: appContextSchema.parse({}), env: { account: '123456789012', region: 'us-east-1' } });
  template = Template.fromStack(stack);
}, 60_000);

const webAcl = (): Json => Object.values(template.findResources('AWS::WAFv2::WebACL'))[0]?.Properties;
const uploads = ROUTES.filter((r) => r.maxBodyBytes);
const apiBehavior = (): Json =>
  (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Json).Properties.DistributionConfig.CacheBehaviors.find(
    (b: Json) => b.PathPattern === '/api/*',
  );

describe('edge', () => {
  it('knows the upload routes: the two feedback paths, the issue report and the operator import', () => {
    expect(uploads.map((r) => r.path).sort()).toEqual(['/api/Feedback', '/api/IssueReport', '/api/UserFeedback', '/api/gallery/save']);
  });

  it('lets the common rule set only label 8 KB+ bodies, and blocks them outside the upload routes', () => {
    const rules: Json[] = webAcl().Rules;
    const crs = rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet');
    expect(crs.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ]);
    const outside = rules.find((r) => r.Name === 'body-over-8kb-outside-uploads');
    expect(outside.Priority).toBeGreaterThan(crs.Priority);
    expect(outside.Action).toEqual({ Block: {} });
    const [label, not] = outside.Statement.AndStatement.Statements;
    expect(label).toEqual({ LabelMatchStatement: { Scope: 'LABEL', Key: CRS_BODY_SIZE_LABEL } });
    const exempt = not.NotStatement.Statement.OrStatement.Statements.map((s: Json) => s.ByteMatchStatement.SearchString);
    expect(exempt.sort()).toEqual(uploads.map((r) => r.path).sort());
  });

  it('caps every upload route at its own size by Content-Length (2 MB file plus form fields)', () => {
    const rules: Json[] = webAcl().Rules;
    for (const route of uploads) {
      const rule = rules.find(
        (r) => JSON.stringify(r.Statement).includes(`"SearchString":"${route.path}"`) && r.Name.startsWith('upload-over'),
      );
      expect(rule, route.path).toBeDefined();
      expect(rule.Action).toEqual({ Block: {} });
      const regex = rule.Statement.AndStatement.Statements[1].RegexMatchStatement;
      expect(regex.FieldToMatch).toEqual({ SingleHeader: { Name: 'content-length' } });
      expect(regex.RegexString).toBe(integersAbove(route.maxBodyBytes ?? 0));
      expect(route.maxBodyBytes).toBeGreaterThan(2 * 1024 * 1024);
      expect(route.maxBodyBytes).toBeLessThan(3 * 1024 * 1024);
    }
    const priorities = rules.map((r) => r.Priority);
    expect(new Set(priorities).size).toBe(priorities.length);
  });

  it('sends the origin secret from Secrets Manager and the viewer address to the API, never the viewer Host', () => {
    const origins: Json[] = (Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Json).Properties
      .DistributionConfig.Origins;
    const api = origins.find((o) => o.Id === apiBehavior().TargetOriginId);
    const header = api.OriginCustomHeaders.find((h: Json) => h.HeaderName === ORIGIN_SECRET_HEADER);
    expect(JSON.stringify(header.HeaderValue)).toMatch(/\{\{resolve:secretsmanager:/);
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    const policyId = apiBehavior().OriginRequestPolicyId.Ref;
    const policy = template.toJSON().Resources[policyId].Properties.OriginRequestPolicyConfig;
    expect(policy.HeadersConfig.HeaderBehavior).toBe('whitelist');
    expect(policy.HeadersConfig.Headers).toContain(VIEWER_ADDRESS_HEADER);
    const cache = template.toJSON().Resources[apiBehavior().CachePolicyId.Ref].Properties.CachePolicyConfig;
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers).toEqual(['Authorization']);
    expect(cache.DefaultTTL).toBe(0);
    expect(cache.MaxTTL).toBeLessThanOrEqual(1);
    expect(policy.HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain('host');
    expect(policy.HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain('x-forwarded-for');
  });

  it('gives every API handler the same secret to check, and publishes no execute-api URL', () => {
    for (const fn of stack.api.functions.values()) {
      const env =
        template.toJSON().Resources[stack.resolve(fn.node.defaultChild && (fn.node.defaultChild as Json).logicalId)].Properties.Environment
          .Variables;
      expect(JSON.stringify(env.ORIGIN_SECRET)).toMatch(/\{\{resolve:secretsmanager:/);
    }
    const outputs = JSON.stringify(template.toJSON().Outputs);
    expect(outputs).not.toMatch(/ApiEndpoint|execute-api|ApiUrl/);
  });

  it('refuses to synthesize a deployable app without a built site', () => {
    const app = new App();
    const s = new Stack(app, 'NoSite', { env: { account: '123456789012', region: 'us-east-1' } });
    expect(s.bundlingRequired).toBe(true);
    const empty = mkdtempSync(join(tmpdir(), 'artloom-dist-'));
    // The Web construct alone, wired as in the stack but pointed at an empty build folder.
    expect(() => buildWeb(s, empty)).toThrow(/npm run build:web/);
  });
});

import { SecretValue } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Web } from '../../../infra/lib/constructs/web';

function buildWeb(scope: Stack, siteDir: string): Web {
  return new Web(scope, 'web', {
    httpApi: new HttpApi(scope, 'api'),
    imagesBucket: new Bucket(scope, 'images'),
    logBucket: new Bucket(scope, 'logs'),
    ephemeral: true,
    wafRateLimit: 1000,
    createWaf: false,
    uploads: [],
    originSecret: SecretValue.unsafePlainText('x'),
    siteDir,
  });
}
