import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Function as CfFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { readIndexHtml, spaRouterCode } from '../spa-router';

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
}

/**
 * CloudFront in front of everything: the SPA from the web bucket, /files/* from the images
 * bucket, /api/* to API Gateway — one domain, so the browser never needs CORS.
 */
export class Web extends Construct {
  readonly distribution: Distribution;
  readonly webBucket: Bucket;

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

    const headers = new ResponseHeadersPolicy(this, 'security-headers', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          override: true,
          contentSecurityPolicy: `default-src 'self'; img-src 'self' data: blob: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src ${["'self'", ...(props.authOrigins ?? [])].join(' ')}; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`,
        },
        strictTransportSecurity: { override: true, accessControlMaxAge: Duration.days(365), includeSubdomains: true, preload: true },
        contentTypeOptions: { override: true },
        frameOptions: { override: true, frameOption: HeadersFrameOption.DENY },
        referrerPolicy: { override: true, referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN },
      },
    });

    // The app's routes are served index.html, other extension-less paths a real 404 (infra/lib/spa-router.ts).
    const spaRewrite = new CfFunction(this, 'spa-rewrite', {
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRouterCode(readIndexHtml(DIST_DIR))),
    });

    const waf = props.createWaf ? this.webAcl(props.wafRateLimit) : undefined;
    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));

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
        '/api/*': {
          origin: new HttpOrigin(apiDomain),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });

    if (existsSync(join(DIST_DIR, 'index.html'))) {
      // Hashed assets are immutable; index.html is revalidated on every visit.
      new BucketDeployment(this, 'assets', {
        sources: [Source.asset(DIST_DIR, { exclude: ['index.html'] })],
        destinationBucket: this.webBucket,
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
        prune: false,
      });
      new BucketDeployment(this, 'index', {
        sources: [Source.asset(DIST_DIR, { exclude: ['*', '!index.html'] })],
        destinationBucket: this.webBucket,
        cacheControl: [CacheControl.noCache()],
        prune: false,
        distribution: this.distribution,
        distributionPaths: ['/index.html'],
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

  private webAcl(limit: number): CfnWebACL {
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
        managed('AWSManagedRulesCommonRuleSet', 1),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        managed('AWSManagedRulesAmazonIpReputationList', 3),
      ],
    });
  }
}
