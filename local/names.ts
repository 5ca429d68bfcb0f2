import { BUCKETS, TABLES } from '../infra/lib/data-model';

/**
 * What the local stand-ins are called and accept, without starting any of them: the operator
 * scripts, the bench and the tests name local tables and sign requests from here (local/stack.ts
 * launches the stand-ins).
 */

/** Credentials the stand-ins accept (s3rver takes only these; DynamoDB Local takes any). */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'us-east-1';

/** The prefix `npm start` names its tables and buckets with (`<prefix>-<id>`, ids from infra/lib/data-model.ts). */
export const LOCAL_PREFIX = 'artloom';
export const localName = (prefix: string, id: string): string => `${prefix}-${id}`;

/** The handler variables naming the tables and buckets of a local stack under `prefix`. */
export function localResourceEnv(prefix: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const t of TABLES) env[t.env] = localName(prefix, t.id);
  for (const b of BUCKETS) env[b.env] = localName(prefix, b.id);
  return env;
}
