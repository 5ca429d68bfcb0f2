import { createHash } from 'node:crypto';
import { claim, complete, getRecord, release } from '../adapters/idempotency-records';
import { config } from '../lib/config';
import { DomainError, ValidationError } from '../lib/errors';
import { type ApiEvent, type ApiResult, header } from '../lib/http';
import { logger } from '../lib/logger';
import { networkOf } from '../lib/network';
import { cameThroughEdge, viewerIp } from '../lib/viewer-ip';

/** The header a client sends with every write it may retry (one key per submission, reused on retry). */
const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_SHAPE = /^[A-Za-z0-9_.:-]{8,128}$/;
/** How long a run may hold its key before a retry may take it over (well past any route's deadline). */
const HOLD_MS = 30_000;

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

/**
 * Runs a write once per Idempotency-Key: the first 2xx answer is stored and a retry with the same
 * key gets it back (`idempotent-replayed: true`); a retry while the first still runs gets 409
 * `request_in_progress`; a failed run releases the key so a retry runs again. The same key with
 * another body (JSON or multipart, files included) is refused (422), and keys are per network. Writes that may land after a timeout also derive their record
 * id from the key (idFromKey), so even a run cut off half way is not stored twice.
 */
export async function idempotent(event: ApiEvent, scope: string, run: () => Promise<ApiResult>): Promise<ApiResult> {
  const key = idempotencyKeyOf(event);
  if (!key) return run();
  const fingerprint = fingerprintOf(event);
  if (!(await claim(scope, key, fingerprint, HOLD_MS))) return replay(scope, key, fingerprint);
  let result: ApiResult;
  try {
    result = await run();
  } catch (err) {
    await release(scope, key).catch((e: Error) => logger.warn('could not release an idempotency key', { error: e }));
    throw err;
  }
  const status = result.statusCode ?? 200;
  if (status >= 200 && status < 300) {
    const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
    await complete(scope, key, { statusCode: status, headers, body: result.body ?? '' }).catch((e: Error) =>
      // The write is done; the record's id is derived from the key, so a retry still finds it.
      logger.warn('could not store an idempotent answer', { error: e }),
    );
  } else {
    await release(scope, key).catch(() => {});
  }
  return result;
}

async function replay(scope: string, key: string, fingerprint: string | undefined): Promise<ApiResult> {
  const record = await getRecord(scope, key);
  if (record?.fingerprint && fingerprint && record.fingerprint !== fingerprint) {
    throw new DomainError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for another request. Send a new key.');
  }
  if (record?.state === 'done' && record.response) {
    return { ...record.response, headers: { ...record.response.headers, 'idempotent-replayed': 'true' } };
  }
  throw new DomainError(409, 'request_in_progress', 'The same request is still being handled. Try again in a moment.', undefined, {
    'retry-after': '1',
  });
}
