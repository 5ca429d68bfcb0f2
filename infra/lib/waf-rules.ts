import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';

/** The label the AWS common rule set puts on a request whose body is over 8 KB (rule SizeRestrictions_BODY). */
export const CRS_BODY_SIZE_LABEL = 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body';

/**
 * A regular expression (PCRE subset AWS WAF accepts) matching the decimal integers greater than
 * `limit`, leading zeros allowed. WAF inspects at most the first 16-64 KB of a body, so a limit in
 * megabytes can only be checked on the declared Content-Length, as a number written in text.
 */
export function integersAbove(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`integersAbove: ${limit} is not a non-negative integer`);
  const digits = String(limit);
  const n = digits.length;
  const longer = `[1-9]\\d{${n},}`;
  const sameLength: string[] = [];
  for (let i = 0; i < n; i++) {
    const d = Number(digits[i]);
    if (d === 9) continue;
    const rest = n - i - 1;
    const next = d + 1 === 9 ? '9' : `[${d + 1}-9]`;
    // The first digit of a same-length number is never 0 (the prefix is the limit's own digits).
    sameLength.push(`${digits.slice(0, i)}${next}${rest ? `\\d{${rest}}` : ''}`);
  }
  return `^0*(?:${[longer, ...sameLength].join('|')})$`;
}

const visibility = (name: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

/**
 * A route path as a regular expression over the URI path: each `{param}` one path segment, the
 * rest literal. `/api/admin/ads/{id}` → `^/api/admin/ads/[^/]+$`.
 */
export function pathPattern(path: string): string {
  const parts = path.split(/\{[^/{}]+\}/).map((p) => p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return `^${parts.join('[^/]+')}$`;
}

/** A route's path: an exact byte match, or for a route with `{param}` segments the pattern of pathPattern. */
const pathIs = (path: string): CfnWebACL.StatementProperty =>
  path.includes('{')
    ? {
        regexMatchStatement: {
          fieldToMatch: { uriPath: {} },
          regexString: pathPattern(path),
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      }
    : {
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'EXACTLY',
          searchString: path,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      };

const anyOf = (statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty => {
  if (statements.length === 0) throw new Error('anyOf: no statement');
  return statements.length === 1 ? (statements[0] as CfnWebACL.StatementProperty) : { orStatement: { statements } };
};

export interface UploadRoute {
  path: string;
  maxBodyBytes: number;
}

/**
 * The body-size rules around the common rule set, whose SizeRestrictions_BODY runs in count mode
 * (it only labels): a labelled request is blocked unless it goes to an upload route, and an upload
 * route's request is blocked when its Content-Length is over that route's limit. Priorities start
 * at `firstPriority`, which must come after the common rule set's.
 */
export function bodySizeRules(routes: readonly UploadRoute[], firstPriority: number): CfnWebACL.RuleProperty[] {
  // One entry per path (two methods on one path share it); one cap per path.
  const uploads = [...new Map(routes.map((u) => [u.path, u])).values()];
  for (const u of routes) {
    const first = uploads.find((x) => x.path === u.path);
    if (first && first.maxBodyBytes !== u.maxBodyBytes) throw new Error(`bodySizeRules: ${u.path} has two body limits`);
  }
  const rules: CfnWebACL.RuleProperty[] = [
    {
      name: 'body-over-8kb-outside-uploads',
      priority: firstPriority,
      action: { block: {} },
      statement: {
        andStatement: {
          statements: [
            { labelMatchStatement: { scope: 'LABEL', key: CRS_BODY_SIZE_LABEL } },
            { notStatement: { statement: anyOf(uploads.map((u) => pathIs(u.path))) } },
          ],
        },
      },
      visibilityConfig: visibility('body-over-8kb-outside-uploads'),
    },
  ];
  const byLimit = new Map<number, string[]>();
  for (const u of uploads) byLimit.set(u.maxBodyBytes, [...(byLimit.get(u.maxBodyBytes) ?? []), u.path]);
  [...byLimit.entries()]
    .sort(([a], [b]) => a - b)
    .forEach(([limit, paths], i) => {
      const name = `upload-over-${limit}-bytes`;
      rules.push({
        name,
        priority: firstPriority + 1 + i,
        action: { block: {} },
        statement: {
          andStatement: {
            statements: [
              anyOf(paths.map(pathIs)),
              {
                regexMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'content-length' } },
                  regexString: integersAbove(limit),
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            ],
          },
        },
        visibilityConfig: visibility(name),
      });
    });
  return rules;
}
