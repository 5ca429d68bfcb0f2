import { createHash } from 'node:crypto';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyInconsistentStateError,
  IdempotencyPersistenceLayerError,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import type { Context } from 'aws-lambda';
import { idempotencyStore } from '../adapters/idempotency-store';
import { config } from '../lib/config';
import { DomainError, ValidationError } from '../lib/errors';
import { type ApiEvent, type ApiResult, header } from '../lib/http';
import { logger } from '../lib/logger';
import { networkOf } from '../lib/network';
import { cameThroughEdge, viewerIp } from '../lib/viewer-ip';

/** The header a client sends with every write it may retry (one key per submission, reused on retry). */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,128}$/;
/** How long a key is kept (the record's TTL): a client retries within minutes, never a day later. */
const KEPT_SECONDS = 86_400;

/**
 * The key the request carries, checked, and scoped to the sender's network (networkOf 'form'): a
 * key is the client's own, so the same key from another network is another request, never the
 * first one's receipt. Undefined when it carries none.
 */
export function idempotencyKeyOf(event: ApiEvent): string | undefined {
  const value = header(event, IDEMPOTENCY_HEADER);
  if (value === undefined) return undefined;
  if (!KEY_SHAPE.test(value)) {
    throw new ValidationError(
      'The Idempotency-Key header must be 8-128 letters, digits or -_.: characters.',
      undefined,
      'invalid_idempotency_key',
    );
  }
  const network = networkOf(viewerIp(event, cameThroughEdge(event, config().ORIGIN_SECRET)), 'form');
  return `${createHash('sha256').update(network).digest('base64url').slice(0, 16)}.${value}`;
}

/**
 * What the request asks, hashed: its content type and body, JSON or multipart alike (a multipart
 * body without its boundary, which a browser draws anew for each send of the same form).
 */
function fingerprintOf(event: ApiEvent): string {
  const contentType = header(event, 'content-type') ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  let body = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8').toString('latin1');
  const mark = boundary?.[1] ?? boundary?.[2];
  if (mark) body = body.split(mark).join('');
  return createHash('sha256')
    .update(contentType.replace(/;\s*boundary=[^;]*/i, '').toLowerCase())
    .update('\n')
    .update(body, 'latin1')
    .digest('base64url');
}

/** A stable UUID-shaped id derived from a key: a retried write lands on the same record. */
export function idFromKey(scope: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`${scope}#${idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What Powertools sees of a request: the scoped key (the record's id) and the fingerprint it validates. */
interface KeyedRequest {
  key: string;
  fingerprint: string;
}

/** The first 2xx answer as stored (the record's `data`) and replayed. */
interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** A run that must not keep its key (a non-2xx answer): thrown so Powertools deletes the record. */
class NotKept extends Error {}

/**
 * Per request, for the invocation's context: Powertools gives a run the key until the function's
 * deadline (in_progress_expiration), so a run cut off by a timeout stops holding it.
 */
const settings = (context: Context) =>
  new IdempotencyConfig({
    eventKeyJmesPath: 'key',
    payloadValidationJmesPath: 'fingerprint',
    expiresAfterSeconds: KEPT_SECONDS,
    hashFunction: 'sha256',
    lambdaContext: context,
    responseHook: (response) => {
      const stored = response as unknown as StoredResponse;
      return { ...stored, headers: { ...stored.headers, 'idempotent-replayed': 'true' } };
    },
  });

/**
 * Runs a write once per Idempotency-Key, with Powertools Idempotency over its DynamoDB table
 * (adapters/idempotency-store.ts): the first 2xx answer is stored and a retry with the same key
 * gets it back (`idempotent-replayed: true`); a retry while the first still runs gets 409
 * `request_in_progress`; a failed or non-2xx run gives the key back so a retry runs again. The
 * same key with another body (JSON or multipart, files included) is refused (422), and keys are per
 * network. Writes that may land after a timeout also derive their record id from the key
 * (idFromKey), so even a run cut off half way is not stored twice.
 */
export async function idempotent(event: ApiEvent, context: Context, scope: string, run: () => Promise<ApiResult>): Promise<ApiResult> {
  const key = idempotencyKeyOf(event);
  if (!key) return run();
  // What the run did, for the answers Powertools cannot give: the run's own when the store fails after it.
  let outcome: { result: ApiResult } | { error: unknown } | undefined;
  const once = makeIdempotent(
    async (_request: KeyedRequest): Promise<StoredResponse> => {
      try {
        outcome = { result: await run() };
      } catch (error) {
        outcome = { error };
        throw error;
      }
      const { statusCode = 200, headers = {}, body = '' } = outcome.result;
      if (statusCode < 200 || statusCode >= 300) throw new NotKept();
      return { statusCode, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])), body };
    },
    { persistenceStore: idempotencyStore(), keyPrefix: scope, config: settings(context) },
  );
  try {
    return await once({ key, fingerprint: fingerprintOf(event) });
  } catch (err) {
    if (err instanceof IdempotencyValidationError) {
      throw new DomainError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request. Send a new key.');
    }
    if (err instanceof IdempotencyAlreadyInProgressError || err instanceof IdempotencyInconsistentStateError) {
      throw new DomainError(409, 'request_in_progress', 'The same request is still being handled. Try again in a moment.', undefined, {
        'retry-after': '1',
      });
    }
    if (outcome && 'result' in outcome) {
      // The write is done (its record id is derived from the key, so a retry still finds it), or
      // it was refused: either way the run's answer stands even if its key could not be recorded.
      if (err instanceof IdempotencyPersistenceLayerError) logger.warn('could not record an idempotent answer', { error: err });
      return outcome.result;
    }
    if (outcome && err instanceof IdempotencyPersistenceLayerError) {
      logger.warn('could not release an idempotency key', { error: err });
      throw outcome.error;
    }
    throw err;
  }
}
