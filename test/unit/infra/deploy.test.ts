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
import { API_FUNCTIONS } from '../../../infra/lib/lambda-functions';
import type { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { CRS_BODY_SIZE_LABEL, integersAbove, pathPattern } from '../../../infra/lib/waf-rules';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { ROUTES } from '../../../lambdas/routes';
import { AD_BODY_MAX_BYTES, AD_IMAGE_MAX_CHARS, adCreateSchema } from '../../../shared/schemas/admin';
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
  it('knows the upload routes: the two feedback paths, the issue report, the operator import and the ad banners', () => {
    expect(uploads.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'POST /api/Feedback',
      'POST /api/IssueReport',
      'POST /api/UserFeedback',
      'POST /api/admin/ads',
      'POST /api/gallery/save',
      'PUT /api/admin/ads/{id}',
    ]);
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
    const exempt = not.NotStatement.Statement.OrStatement.Statements.map(
      (s: Json) => s.ByteMatchStatement?.SearchString ?? s.RegexMatchStatement.RegexString,
    );
    expect(exempt.sort()).toEqual(uploads.map((r) => (r.path.includes('{') ? pathPattern(r.path) : r.path)).sort());
  });

  it('lets an ad banner through: POST /api/admin/ads and PUT /api/admin/ads/<any id> exempt by pattern, capped at the schema size', () => {
    const rules: Json[] = webAcl().Rules;
    const [, not] = rules.find((r) => r.Name === 'body-over-8kb-outside-uploads').Statement.AndStatement.Statements;
    const exempt: Json[] = not.NotStatement.Statement.OrStatement.Statements;
    const matches = (path: string) =>
      exempt.some((s) =>
        s.ByteMatchStatement
          ? s.ByteMatchStatement.SearchString === path
          : s.RegexMatchStatement.FieldToMatch.UriPath && new RegExp(s.RegexMatchStatement.RegexString).test(path),
      );
    expect(matches('/api/admin/ads')).toBe(true);
    expect(matches('/api/admin/ads/ad_01HZX-9')).toBe(true);
    expect(matches('/api/admin/ads/ad-1/x')).toBe(false);
    expect(matches('/api/admin/adsx')).toBe(false);
    expect(matches('/api/admin/images/img-1')).toBe(false);
    const cap = rules.find((r) => r.Name === `upload-over-${AD_BODY_MAX_BYTES}-bytes`);
    expect(JSON.stringify(cap.Statement)).toContain(pathPattern('/api/admin/ads/{id}').replaceAll('\\', '\\\\'));
    expect(JSON.stringify(cap.Statement)).toContain('"SearchString":"/api/admin/ads"');
    expect(cap.Statement.AndStatement.Statements[1].RegexMatchStatement.RegexString).toBe(integersAbove(AD_BODY_MAX_BYTES));
    // A banner at the schema's limit fits the cap; the cap is no larger than the banner plus 16 KB of other fields.
    const banner = `data:image/png;base64,${'A'.repeat(AD_IMAGE_MAX_CHARS - 22)}`;
    expect(adCreateSchema.safeParse({ navigateUrl: 'https://example.com/', image: banner }).success).toBe(true);
    const body = JSON.stringify({ navigateUrl: `https://example.com/${'a'.repeat(2000)}`, alternateText: 'é'.repeat(200), image: banner });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(AD_BODY_MAX_BYTES);
    expect(AD_BODY_MAX_BYTES - AD_IMAGE_MAX_CHARS).toBeLessThanOrEqual(16 * 1024);
  });

  it('caps every upload route at its own size by Content-Length (2 MB file plus form fields; a 3 MB banner in base64)', () => {
    const rules: Json[] = webAcl().Rules;
    for (const route of uploads) {
      const rule = rules.find(
        (r) =>
          r.Name.startsWith('upload-over') &&
          (JSON.stringify(r.Statement).includes(`"SearchString":"${route.path}"`) ||
            r.Statement.AndStatement.Statements[0].OrStatement?.Statements.some(
              (s: Json) => s.RegexMatchStatement?.RegexString === pathPattern(route.path),
            )),
      );
      expect(rule, route.path).toBeDefined();
      expect(rule.Action).toEqual({ Block: {} });
      const regex = rule.Statement.AndStatement.Statements[1].RegexMatchStatement;
      expect(regex.FieldToMatch).toEqual({ SingleHeader: { Name: 'content-length' } });
      expect(regex.RegexString).toBe(integersAbove(route.maxBodyBytes ?? 0));
      expect(route.maxBodyBytes).toBeGreaterThan(2 * 1024 * 1024);
      expect(route.maxBodyBytes).toBeLessThan(route.path.startsWith('/api/admin/ads') ? AD_BODY_MAX_BYTES + 1 : 3 * 1024 * 1024);
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
    // At least one per API function (each area's function has its own group; routes share their area's).
    expect(groups.length).toBeGreaterThanOrEqual(Object.keys(API_FUNCTIONS).length);
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
