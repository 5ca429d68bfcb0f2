import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { sleep } from '../lib/retry';
import { dynamo, s3 } from './aws-clients';

export interface DependencyState {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Pause before a failed probe's second try. */
const RETRY_AFTER_MS = 100;

/**
 * Times one probe. A dependency counts as down only when two tries in a row fail: one dropped
 * connection or slow answer (a busy stand-in, a new TCP connection in AWS) is not an outage, and
 * a monitor or the studio reading a 503 for it would be told something false. Every failed try is
 * logged with its error, so a flapping dependency still shows in the logs.
 */
async function timed(name: string, probe: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  for (let attempt = 1; ; attempt++) {
    try {
      await probe();
      return { ok: true, latencyMs: latencyMs() };
    } catch (err) {
      const { name: error, message } = err as Error;
      logger.warn('health probe failed', { dependency: name, attempt, error, message });
      if (attempt >= 2) return { ok: false, latencyMs: latencyMs(), error };
      await sleep(RETRY_AFTER_MS);
    }
  }
}

/** Reads one absent key and heads the images bucket: cheap, and proves the grant and the endpoint. */
export async function probeDependencies(): Promise<Record<'dynamodb' | 's3', DependencyState>> {
  const { IMAGES_TABLE, IMAGES_BUCKET } = config();
  const [dynamodb, storage] = await Promise.all([
    timed('dynamodb', () => dynamo().send(new GetCommand({ TableName: IMAGES_TABLE, Key: { pk: 'health', sk: 'health' } }))),
    timed('s3', () => s3().send(new HeadBucketCommand({ Bucket: IMAGES_BUCKET }))),
  ]);
  return { dynamodb, s3: storage };
}
