import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { principalFromAuthorization } from './describe-request';

/**
 * The front door of the local stand-ins, as AWS's service endpoints are: every SDK call a function
 * makes arrives here signed with that function's own access key, is described (action, resource)
 * and, with permission checking on, evaluated against the function's synthesized role policy and
 * the target's resource policy before it is forwarded unchanged (Host header included, so the
 * signature still verifies) to DynamoDB Local, s3rver or the local Step Functions/SQS server. A
 * denial answers as the service would (AccessDenied) and is kept for the run's report.
 */
/**
 * The services the functions call; Bedrock and Rekognition have no stand-in unless a test puts one behind the gateway.
 * `monitoring` is CloudWatch (its signing name): the local alarm stand-in (local/cloudwatch-stand-in.ts); `autoscaling`
 * and `ses` (SES v2's signing name) are local/autoscaling-stand-in.ts and local/ses-stand-in.ts.
 */
export type AwsService = 'dynamodb' | 's3' | 'states' | 'sqs' | 'bedrock' | 'rekognition' | 'monitoring' | 'autoscaling' | 'ses';

export interface GatewayRequest {
  service: AwsService;
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface Denial {
  principal: string;
  action: string;
  resource: string;
  explanation: string;
}

export interface GatewayCheck {
  /** The principal an access key id stands for (a function's name), or undefined for an unknown key. */
  principalOf(accessKeyId: string): string | undefined;
  /** Evaluates the request for the principal: the calls it makes (for counting) and the first denial. */
  evaluate(principal: string, request: GatewayRequest): Promise<{ calls: number; denial?: Denial }>;
}

export interface GatewayStats {
  requests: number;
  evaluated: number;
  denied: Denial[];
  /** Requests by caller (a function's name, or its key without permission checks) and operation, e.g. `artloom-… GetItem`: the benches' read costs. */
  calls: Record<string, number>;
}

/**
 * A failing stand-in, for the fault tests: requests that `match` get `answer` (an AWS-shaped error
 * status and body) instead of reaching the stand-in, `times` times (default: every time).
 */
export interface GatewayFault {
  match: (request: GatewayRequest) => boolean;
  answer: { status: number; body: string; contentType?: string };
  times?: number;
}

export interface Gateway {
  url: string;
  stats: GatewayStats;
  setTarget(service: AwsService, url: string): void;
  /** Fails matching requests (the fault tests); returns how many it failed so far and a way to lift it. */
  inject(fault: GatewayFault): { failed(): number; lift(): void };
  stop(): Promise<void>;
}

/** A JSON-protocol call names its operation in X-Amz-Target (`DynamoDB_20120810.GetItem` → GetItem); others by method and service. */
function operationOf(target: string | string[] | undefined, method: string | undefined, service: string): string {
  const named = Array.isArray(target) ? target[0] : target;
  return named ? (named.split('.').pop() ?? named) : `${method ?? 'GET'} ${service}`;
}

export async function startGateway(options: {
  targets: Partial<Record<AwsService, string>>;
  check?: GatewayCheck;
  log?: (line: string) => void;
}): Promise<Gateway> {
  const targets = { ...options.targets };
  const stats: GatewayStats = { requests: 0, evaluated: 0, denied: [], calls: {} };
  const faults: { fault: GatewayFault; failed: number }[] = [];
  const server: Server = createServer(async (req, res) => {
    stats.requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const signature = principalFromAuthorization(req.headers) ?? principalFromAuthorization(url);
    const service = (signature?.service === 'execute-api' ? undefined : signature?.service) as AwsService | undefined;
    const target = service ? targets[service] : undefined;
    if (!signature || !service || !target) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `The local gateway cannot route this request (${signature?.service ?? 'unsigned'}).` }));
      return;
    }
    const caller = options.check?.principalOf(signature.accessKeyId) ?? signature.accessKeyId;
    const call = `${caller} ${operationOf(req.headers['x-amz-target'], req.method, service)}`;
    stats.calls[call] = (stats.calls[call] ?? 0) + 1;
    if (options.check) {
      const principal = options.check.principalOf(signature.accessKeyId);
      if (!principal)
        return deny(res, service, { principal: signature.accessKeyId, action: '?', resource: '?', explanation: 'unknown key' });
      const verdict = await options.check.evaluate(principal, { service, method: req.method ?? 'GET', url, headers: req.headers, body });
      stats.evaluated += verdict.calls;
      if (verdict.denial) {
        stats.denied.push(verdict.denial);
        options.log?.(`permission denied: ${verdict.denial.explanation}`);
        return deny(res, service, verdict.denial);
      }
    }
    const request = { service, method: req.method ?? 'GET', url, headers: req.headers, body };
    const fault = faults.find((f) => (f.fault.times === undefined || f.failed < f.fault.times) && f.fault.match(request));
    if (fault) {
      fault.failed++;
      res.writeHead(fault.fault.answer.status, { 'content-type': fault.fault.answer.contentType ?? 'application/x-amz-json-1.0' });
      res.end(fault.fault.answer.body);
      return;
    }
    const upstream = new URL(target);
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url,
        // The Host header stays the one the client signed; a fresh connection per call (a kept-alive
        // one that DynamoDB Local closes just as it is reused would fail the call for nothing).
        headers: req.headers,
        agent: false,
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    // A caller that hangs up (a stopped worker's long poll) hangs up upstream too.
    res.once('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    // A stand-in that is down looks down to the caller too: its connection drops, as a dead endpoint's would.
    forward.on('error', () => res.destroy());
    forward.end(body);
  });
  // The functions' SDK clients keep their connections to the gateway alive and reuse them. A server
  // that closes an idle one (Node's default after 5 s) races a client reusing it at that instant: the
  // call fails with ECONNRESET, which a fail-fast client (one try) answers 503. The gateway never
  // closes an idle connection; the client does when it is done with it.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats,
    setTarget: (service, url) => {
      targets[service] = url;
    },
    inject(fault) {
      const entry = { fault, failed: 0 };
      faults.push(entry);
      return {
        failed: () => entry.failed,
        lift: () => {
          const at = faults.indexOf(entry);
          if (at >= 0) faults.splice(at, 1);
        },
      };
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** AccessDenied as each service answers it, so the SDK in the function raises what it would in AWS. */
function deny(res: import('node:http').ServerResponse, service: AwsService, d: Denial): void {
  const message = `User: ${d.principal} is not authorized to perform: ${d.action} on resource: ${d.resource} (${d.explanation})`;
  if (service === 's3') {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message></Error>`);
    return;
  }
  if (service === 'autoscaling') {
    res.writeHead(403, { 'content-type': 'text/xml' });
    res.end(
      `<?xml version="1.0"?><ErrorResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message></Error></ErrorResponse>`,
    );
    return;
  }
  if (service === 'ses') {
    res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' });
    res.end(JSON.stringify({ message }));
    return;
  }
  res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', message, Message: message }));
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
