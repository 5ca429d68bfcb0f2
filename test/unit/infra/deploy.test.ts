import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, SecretValue, Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { Web } from '../../../infra/lib/constructs/web';
import type { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { CRS_BODY_SIZE_LABEL, integersAbove } from '../../../infra/lib/waf-rules';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { ROUTES } from '../../../lambdas/routes';
import { synthStack } from '../../fixtures/stack';

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
let template: Template;
let stack: ArtloomStack;

beforeAll(() => {
  ({ stack, template } = synthStack('Edge'));
}, 120_000);

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
    for (const fn of Object.values(stack.api.functions)) {
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

describe('repeatable deploys', () => {
  it('gives no log group a fixed name and uses no log-retention custom resource', () => {
    const groups = Object.values(template.findResources('AWS::Logs::LogGroup')) as Json[];
    expect(groups.length).toBeGreaterThan(ROUTES.length / 2);
    for (const g of groups) expect(g.Properties.LogGroupName).toBeUndefined();
    expect(Object.keys(template.findResources('Custom::LogRetention'))).toEqual([]);
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as Json[];
    const ours = fns.filter((f) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
    for (const f of ours) expect(f.Properties.LoggingConfig.LogGroup).toEqual({ Ref: expect.any(String) });
  });

  it('runs every project Lambda on nodejs24.x; the sharp ones on x86_64, the rest on arm64', () => {
    const fns = Object.values(template.findResources('AWS::Lambda::Function')) as Json[];
    const ours = fns.filter((f) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME);
    expect(ours.length).toBeGreaterThan(10);
    for (const f of ours) expect(f.Properties.Runtime).toBe('nodejs24.x');
    const x64 = ours.filter((f) => f.Properties.Architectures?.[0] === 'x86_64');
    expect(x64.length).toBe(2); // StoreImage and the operator import (sharp)
    expect(ours.filter((f) => f.Properties.Architectures?.[0] === 'arm64').length).toBe(ours.length - 2);
  });

  it('creates the warm pool only after the launch lifecycle hook', () => {
    const pool = Object.values(template.findResources('AWS::AutoScaling::WarmPool'))[0] as Json;
    const hookId = Object.keys(template.findResources('AWS::AutoScaling::LifecycleHook'))[0];
    expect(pool.DependsOn).toContain(hookId);
  });

  it('sets every feature flag aws-cdk-lib recommends in cdk.json', () => {
    const recommended = JSON.parse(readFileSync(require.resolve('aws-cdk-lib/recommended-feature-flags.json'), 'utf8'));
    const context = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')).context;
    // The one deliberate difference: the stack targets the commercial partition only.
    expect(context['@aws-cdk/core:target-partitions']).toEqual(['aws']);
    for (const [flag, value] of Object.entries(recommended)) {
      if (flag !== '@aws-cdk/core:target-partitions') expect(context[flag], flag).toEqual(value);
    }
  });
});
