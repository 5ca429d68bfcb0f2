import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Bedrock Runtime's ApplyGuardrail as the deployed generate function meets it (REST JSON:
 * POST /guardrail/{id}/version/{v}/apply), answering what the test sets: a verdict, or an error
 * with Bedrock's error type header. Put behind the local gateway with setTarget('bedrock', url), so
 * the function's call is signed, routed and described as in AWS.
 */
export interface BedrockStandIn {
  url: string;
  /** The guardrail ids of the calls so far. */
  calls: string[];
  answerWith(answer: { status: number; body: unknown; errorType?: string }): void;
  stop(): Promise<void>;
}

export async function startBedrockStandIn(): Promise<BedrockStandIn> {
  let answer: { status: number; body: unknown; errorType?: string } = {
    status: 200,
    body: { action: 'NONE', outputs: [], assessments: [] },
  };
  const calls: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const guardrail = /^\/guardrail\/([^/]+)\/version\/[^/]+\/apply$/.exec(req.url ?? '')?.[1];
      if (req.method !== 'POST' || !guardrail) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
        res.end(JSON.stringify({ message: 'no such operation' }));
        return;
      }
      calls.push(decodeURIComponent(guardrail));
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(answer.errorType ? { 'x-amzn-errortype': answer.errorType } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerWith: (next) => {
      answer = next;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
