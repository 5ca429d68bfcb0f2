import { Duration } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  type IOrigin,
  type IOriginRequestPolicy,
  type IResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { PUBLIC_LIST_EDGE_SECONDS } from '../../../shared/constants';

/** The API's public gallery lists, cached at the edge (their handlers set s-maxage and an ETag). */
export const PUBLIC_LIST_PATHS = ['/api/gallery/category/all', '/api/gallery/categories'];

/**
 * The public gallery lists' behaviours (GET /api/gallery/category/all, /api/gallery/categories; made in the
 * distribution's scope, web.ts): the handler says s-maxage=PUBLIC_LIST_EDGE_SECONDS with an ETag of the lists'
 * lastUpdated, so CloudFront keeps each (per query string) that long and then revalidates it (304 while nothing
 * changed). No header or cookie in the key: the answer is the same for everyone (docs/scale.md). They go before
 * /api/*: CloudFront takes the first behaviour that matches.
 */
export function publicListBehaviours(
  scope: Construct,
  api: { origin: IOrigin; originRequestPolicy: IOriginRequestPolicy; responseHeadersPolicy: IResponseHeadersPolicy },
): Record<string, BehaviorOptions> {
  const cachePolicy = new CachePolicy(scope, 'public-lists', {
    comment: 'Artloom public gallery lists: kept as the API says (s-maxage), query strings in the key',
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(PUBLIC_LIST_EDGE_SECONDS),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const behaviour: BehaviorOptions = {
    ...api,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy,
    compress: true,
  };
  return Object.fromEntries(PUBLIC_LIST_PATHS.map((path) => [path, behaviour]));
}
