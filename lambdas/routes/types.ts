/**
 * A route of the HTTP API. The same table drives the build (one bundle per API area, routes/index.ts),
 * the CDK API construct (one API Gateway route per row, to its area's function) and the local HTTP
 * adapter, so a route exists in both or neither.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** API Gateway route path, e.g. `/api/generate/{jobId}`. */
  path: string;
  /** Handler module, relative to `lambdas/`, exporting `handler`. */
  entry: string;
  /** Lambda settings where the defaults (256 MB, 10 s) do not fit; an area's function takes its routes' largest. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * Upload routes only: the largest request body the edge lets through. The WAF's common rule set
   * blocks bodies over 8 KB everywhere else (infra/lib/constructs/web.ts).
   */
  maxBodyBytes?: number;
  /**
   * A response-streaming handler (server-sent events): served by a Function URL behind CloudFront,
   * not by API Gateway, which cannot stream (infra/lib/constructs/api.ts, web.ts).
   */
  stream?: boolean;
  /** The SPA's index.html is copied into the bundle as `site-shell.html` (the picture page, GET /i/{id}). */
  siteShell?: boolean;
  /** Native packages installed into the bundle rather than bundled (e.g. `sharp`). */
  nativeModules?: string[];
  /** Which resources the function needs; the API construct grants exactly these. */
  grants: Grant[];
}

export type Grant =
  | `table:${'images' | 'jobs' | 'messages' | 'ads' | 'counters'}:${'read' | 'write'}`
  | `bucket:${'images' | 'attachments'}:${'read' | 'write'}`
  | 'sfn:start'
  | 'sfn:stop'
  | 'gpu:scale'
  | 'ses:send'
  /** Get, put, update and delete of Powertools Idempotency's records, nothing else (no query, scan or batch). */
  | 'idempotency'
  /** bedrock:ApplyGuardrail on the stack's prompt guardrail (and its cross-Region profile) only; nothing with promptGuardrail=off. */
  | 'bedrock:guardrail'
  /** s3:GetObject under the images bucket's `private/` only: a visitor's presigned urls are signed with it. */
  | 'bucket:images:private-read'
  /** s3:GetObject under the images bucket's `staging/` only: a running job's finished pictures, presigned for their author (issue 32). */
  | 'bucket:images:staging-read'
  /** Share and stop sharing: read `private/`, put and delete the public copies (`files/images/`, `files/thumbs/`). */
  | 'bucket:images:share'
  /** cloudwatch:DescribeAlarms on this stack's alarms only (`alarm:<stack name>-*`): the console's alarm states, read-only. */
  | 'cloudwatch:alarms';
