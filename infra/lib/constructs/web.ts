import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Fn, RemovalPolicy, type SecretValue, Stack, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CfFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { FunctionUrlOrigin, HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IFunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../lambdas/lib/viewer-ip';
import { PAGE_FILES } from '../../../shared/site-routes';
import { contentSecurityPolicy, inlineScriptHashes } from '../csp';
import { readIndexHtml, readPage, spaRouterCode } from '../spa-router';
import { VIEWER_HOST_FUNCTION } from '../viewer-host-function';
import { bodySizeRules, type UploadRoute } from '../waf-rules';
import { publicListBehaviours } from './public-lists';

const DIST_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../frontend/dist');

export interface WebProps {
  httpApi: HttpApi;
  imagesBucket: Bucket;
  logBucket: Bucket;
  ephemeral: boolean;
  /** Requests per 5 minutes per IP before WAF blocks (CloudFront-scope WAF lives in us-east-1). */
  wafRateLimit: number;
  createWaf: boolean;
  /** Origins the operator console's OpenID client calls (Cognito's discovery/JWKS and its managed-login token endpoint). */
  authOrigins?: string[];
  /** Routes that take large bodies (the route table's maxBodyBytes): exempt from the 8 KB body rule, capped at their own size. */
  uploads: readonly UploadRoute[];
  /** Sent to the API as the origin-secret header; the handlers refuse requests without it (lambdas/lib/viewer-ip.ts). */
  originSecret: SecretValue;
  /** Response-streaming Function URLs (server-sent events) and the paths CloudFront serves them at. */
  streams?: readonly { pathPattern: string; url: IFunctionUrl }[];
  /** The built SPA; synth fails when its index.html is missing (defaults to frontend/dist). */
  siteDir?: string;
}

/**
 * CloudFront in front of everything: the SPA from the web bucket, /files/* from the images
 * bucket, /api/* to API Gateway — one domain, so the browser never needs CORS.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly webBucket: Bucket;
  /** Absent outside us-east-1 (a CloudFront-scope web ACL lives there). */
  readonly webAcl?: CfnWebACL;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.webBucket = new Bucket(this, 'web-bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/web/',
      autoDeleteObjects: props.ephemeral,
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    const siteDir = props.siteDir ?? DIST_DIR;
    const headers = new ResponseHeadersPolicy(this, 'security-headers', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          // The prerendered pages' inline scripts are admitted by hash (infra/lib/csp.ts), computed from this build.
          contentSecurityPolicy: contentSecurityPolicy(
            [...new Set(Object.values(PAGE_FILES).flatMap((page) => inlineScriptHashes(readPage(siteDir, page))))],
            props.authOrigins ?? [],
          ),
        },
        strictTransportSecurity: { override: true, accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true },
        contentTypeOptions: { override: true },
        frameOptions: { override: true, frameOption: HeadersFrameOption.DENY },
        referrerPolicy: { override: true, referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN },
      },
    });

    if (!existsSync(join(siteDir, 'index.html')) && Stack.of(this).bundlingRequired) {
      // Assertion tests skip bundling (and need no build); a real synth or deploy must not ship an empty site.
      throw new Error(
        `The web app is not built: ${siteDir}/index.html is missing. Run \`npm run build:web\` before \`cdk synth\` or \`cdk deploy\`.`,
      );
    }
    // The app's routes are served index.html, other extension-less paths a real 404 (infra/lib/spa-router.ts).
    const spaRewrite = new CfFunction(this, 'spa-rewrite', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRouterCode(readIndexHtml(siteDir))),
    });

    const waf = props.createWaf ? this.makeWebAcl(props.wafRateLimit, props.uploads) : undefined;
    this.webAcl = waf;
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    // What the handlers read, and nothing of the viewer's Host (API Gateway routes on its own).
    // CloudFront-Viewer-Address is the visitor's address (viewer-ip.ts); CloudFront sets it, a
    // client cannot. The managed AllViewerExceptHostHeader policy does not include it.
    const apiRequests = new OriginRequestPolicy(this, 'api-requests', {
      comment: 'Artloom API: the headers the handlers read, the viewer address, every query string',
      headerBehavior: OriginRequestHeaderBehavior.allowList(
        'Content-Type',
        'Accept',
        'Accept-Language',
        'Origin',
        'Referer',
        'User-Agent',
        // Set by the /i/* viewer function from the viewer's Host: the picture page's absolute links.
        'X-Forwarded-Host',
        VIEWER_ADDRESS_HEADER,
      ),
      queryStringBehavior: OriginRequestQueryStringBehavior.all(),
      cookieBehavior: OriginRequestCookieBehavior.none(),
    });
    // CloudFront forwards Authorization (the operator's JWT) only as part of a cache key. The API's
    // answers are `no-store`, so nothing is kept; were one ever cacheable, it would be for at most
    // a second and only for the same token and query (a TTL above 0 is what allows a key at all).
    const apiCache = new CachePolicy(this, 'api-cache', {
      comment: 'Artloom API: no caching; Authorization and query strings reach the API',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(1),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The secret header's value is resolved by CloudFormation from Secrets Manager at deploy time; never in the template.
    const apiOrigin = new HttpOrigin(apiDomain, { customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.unsafeUnwrap() } });

    // The picture page (GET /i/{id}, an API route answering HTML): its link-preview tags need the
    // site's own address, which API Gateway never sees (it is reached on its own domain).
    const viewerHost = new CfFunction(this, 'viewer-host', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(VIEWER_HOST_FUNCTION),
    });

    this.distribution = new Distribution(this, 'cdn', {
      comment: 'Artloom',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      webAclId: waf?.attrArn,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.webBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/files/*': {
          origin: S3BucketOrigin.withOriginAccessControl(props.imagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
          compress: true,
        },
        // Server-sent events (GET /api/generate/{jobId}/events): the streaming Function URL, signed by
        // CloudFront (OAC), never cached; listed before /api/* so the more specific pattern wins.
        ...Object.fromEntries(
          (props.streams ?? []).map(({ pathPattern, url }) => [
            pathPattern,
            {
              // The origin secret and the API's request policy (CloudFront-Viewer-Address) as on /api/*:
              // the stream cap counts the viewer's network, not the edge's address (job-events.ts).
              origin: FunctionUrlOrigin.withOriginAccessControl(url, {
                readTimeout: Duration.seconds(60),
                customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.unsafeUnwrap() },
              }),
              viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
              allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
              cachePolicy: CachePolicy.CACHING_DISABLED,
              originRequestPolicy: apiRequests,
              responseHeadersPolicy: headers,
              compress: false,
            },
          ]),
        ),
        '/i/*': {
          origin: new HttpOrigin(apiDomain, { customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret.unsafeUnwrap() } }),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: apiCache,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: headers,
          compress: true,
          functionAssociations: [{ function: viewerHost, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
        ...publicListBehaviours(this, { origin: apiOrigin, originRequestPolicy: apiRequests, responseHeadersPolicy: headers }),
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCache,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });

    if (existsSync(join(siteDir, 'index.html'))) {
      // Hashed assets are immutable; the pages (index.html, each prerendered page, each collection's page) are revalidated on every visit.
      const pages = [...new Set(Object.values(PAGE_FILES))];
      new BucketDeployment(this, 'assets', {
        sources: [Source.asset(siteDir, { exclude: pages })],
        destinationBucket: this.webBucket,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      });
      new BucketDeployment(this, 'index', {
        sources: [Source.asset(siteDir, { exclude: ['*', ...pages.map((page) => `!${page}`)] })],
        destinationBucket: this.webBucket,
        cacheControl: [CacheControl.noCache()],
        prune: false,
        distribution: this.distribution,
        distributionPaths: pages.map((page) => `/${page}`),
      });
    }
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions::AwsSolutions-CFR1', reason: 'A public site for every country; no geo restriction by design.' },
      {
        id: 'AwsSolutions::AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate fixes TLSv1; a custom domain with an ACM certificate (TLSv1.2_2021) is the production step in README, Deploy.',
      },
    );
    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }

  private makeWebAcl(limit: number, uploads: readonly UploadRoute[]): CfnWebACL {
    const sizeRules = bodySizeRules(uploads, 2);
    const managed = (name: string, priority: number): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
    });
    return new CfnWebACL(this, 'waf', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'artloom', sampledRequestsEnabled: true },
      rules: [
        {
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP' } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'rate-per-ip', sampledRequestsEnabled: true },
        },
        // Its 8 KB body limit only labels here; the rules after it block by that label outside the upload routes.
        {
          ...managed('AWSManagedRulesCommonRuleSet', 1),
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
        },
        ...sizeRules,
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2 + sizeRules.length),
        managed('AWSManagedRulesAmazonIpReputationList', 3 + sizeRules.length),
      ],
    });
  }
}
