import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Bedrock Runtime's ApplyGuardrail as the deployed generate function meets it (REST JSON:
 * POST /guardrail/{id}/version/{v}/apply), behind the local gateway, so the function's call is
 * signed, routed and checked against its role as in AWS. It is NOT a classifier: it answers every
 * prompt with the API's "nothing found" answer (action NONE, the shape of the ApplyGuardrail
 * reference's response: usage, outputs, assessments, guardrailCoverage) unless a test tells it
 * otherwise, and /api/health says so (BEDROCK_GUARDRAIL_STAND_IN).
 */
export interface GuardrailCall {
  guardrailId: string;
  version: string;
  source?: string;
  /** The text blocks sent. */
  texts: string[];
}

/**
 * What the stand-in answers next: a verdict (status 200), an AWS error, or no answer at all: the
 * connection dropped (`hangUp`), or held open in silence until the caller gives up (`silent`).
 */
export type StandInAnswer = { status: number; body: unknown; errorType?: string } | { hangUp: true } | { silent: true };

export interface BedrockStandIn {
  url: string;
  /** Every ApplyGuardrail call so far. */
  calls: GuardrailCall[];
  answerWith(answer: StandInAnswer): void;
  /** Back to the contract's "nothing found" answer. */
  reset(): void;
  stop(): Promise<void>;
}

/** ApplyGuardrail's answer when no policy intervenes. */
const nothingFound = (characters: number) => ({
  status: 200,
  body: {
    usage: {
      topicPolicyUnits: 1,
      contentPolicyUnits: 1,
      wordPolicyUnits: 0,
      sensitiveInformationPolicyUnits: 0,
      sensitiveInformationPolicyFreeUnits: 0,
      contextualGroundingPolicyUnits: 0,
    },
    action: 'NONE',
    outputs: [],
    assessments: [{}],
    guardrailCoverage: { textCharacters: { guarded: characters, total: characters } },
  },
});

export async function startBedrockStandIn(): Promise<BedrockStandIn> {
  let next: StandInAnswer | undefined;
  const calls: GuardrailCall[] = [];
  const send = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
    res.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const match = /^\/guardrail\/([^/]+)\/version\/([^/]+)\/apply$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return send(res, 404, { message: 'no such operation' }, 'ResourceNotFoundException');
      let request: { source?: string; content?: { text?: { text?: string } }[] } = {};
      try {
        request = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(res, 400, { message: 'the request body is not JSON' }, 'ValidationException');
      }
      const texts = (request.content ?? []).map((c) => c.text?.text ?? '');
      calls.push({
        guardrailId: decodeURIComponent(match[1] ?? ''),
        version: decodeURIComponent(match[2] ?? ''),
        source: request.source,
        texts,
      });
      const answer: StandInAnswer = next ?? nothingFound(texts.join('').length);
      if ('hangUp' in answer) {
        res.socket?.destroy();
        return;
      }
      if ('silent' in answer) return;
      send(res, answer.status, answer.body, answer.errorType);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    answerWith: (answer) => {
      next = answer;
    },
    reset: () => {
      next = undefined;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
