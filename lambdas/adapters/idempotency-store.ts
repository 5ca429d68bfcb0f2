import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { config } from '../lib/config';
import { dynamoDb, memo } from './aws-clients';

/**
 * Powertools Idempotency's DynamoDB persistence, in a table of its own (infra/lib/data-model.ts):
 * partition key `id` (`<scope>#<hash of the network-scoped key>`), `status` INPROGRESS|COMPLETED,
 * `expiration` (epoch seconds, the table's TTL), `in_progress_expiration` (epoch ms: when a run cut
 * off by its deadline stops holding the key), `validation` (hash of the request's fingerprint) and
 * once completed the first answer in `data`. The functions may only get, put, update and delete
 * its items. Over the project's DynamoDB client: the same endpoint and fail-fast settings.
 */
export const idempotencyStore = /* @__PURE__ */ memo(
  () => new DynamoDBPersistenceLayer({ tableName: config().IDEMPOTENCY_TABLE, awsSdkV3Client: dynamoDb() }),
);
