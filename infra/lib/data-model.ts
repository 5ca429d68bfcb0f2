/**
 * Table and bucket definitions: the one source for the CDK data construct, the local runtime
 * (which creates the same tables in DynamoDB Local and the same buckets in s3rver) and the
 * handlers (which read each name from the env var named here). No aws-cdk-lib import on purpose,
 * so the local runtime and the Lambdas can load it cheaply.
 *
 * Every table of ours uses overloaded generic keys (`pk`/`sk`, `gsiNpk`/`gsiNsk`, all strings); the
 * item shapes and the access pattern each index serves are written down beside the adapter that
 * owns the table (see docs/data-model.md). The idempotency table is Powertools' layout instead
 * (partition key `id` only, TTL on `expiration`): the library owns its items.
 */
export interface IndexDef {
  name: string;
  pk: string;
  sk: string;
}

export interface TableDef {
  /** Logical name, used for CDK ids and local table names. */
  id: 'images' | 'jobs' | 'messages' | 'ads' | 'counters' | 'idempotency';
  /** Environment variable that carries the physical table name to the handlers. */
  env: string;
  pk: string;
  /** No sort key: the partition key alone names an item. */
  sk?: string;
  indexes: IndexDef[];
  /** Attribute holding an epoch-seconds expiry, when the table uses TTL. */
  ttl?: string;
}

const gsi = (n: number): IndexDef => ({ name: `gsi${n}`, pk: `gsi${n}pk`, sk: `gsi${n}sk` });

export const TABLES: readonly TableDef[] = [
  { id: 'images', env: 'IMAGES_TABLE', pk: 'pk', sk: 'sk', indexes: [gsi(1), gsi(2), gsi(3), gsi(4)] },
  { id: 'jobs', env: 'JOBS_TABLE', pk: 'pk', sk: 'sk', indexes: [gsi(1), gsi(2)], ttl: 'expiresAt' },
  { id: 'messages', env: 'MESSAGES_TABLE', pk: 'pk', sk: 'sk', indexes: [gsi(1)] },
  { id: 'ads', env: 'ADS_TABLE', pk: 'pk', sk: 'sk', indexes: [gsi(1)] },
  { id: 'counters', env: 'COUNTERS_TABLE', pk: 'pk', sk: 'sk', indexes: [], ttl: 'expiresAt' },
  { id: 'idempotency', env: 'IDEMPOTENCY_TABLE', pk: 'id', indexes: [], ttl: 'expiration' },
];

export interface BucketDef {
  id: 'images' | 'attachments';
  env: string;
  /** Served publicly under /files/* (CloudFront in AWS, the local server locally). */
  public: boolean;
}

export const BUCKETS: readonly BucketDef[] = [
  { id: 'images', env: 'IMAGES_BUCKET', public: true },
  { id: 'attachments', env: 'ATTACHMENTS_BUCKET', public: false },
];

/**
 * Public objects live under this key prefix, so `/files/<rest>` maps to the key `files/<rest>`
 * with no rewriting in CloudFront or locally.
 */
export const PUBLIC_PREFIX = 'files/';
