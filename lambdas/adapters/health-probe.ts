import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { dynamo, s3 } from './aws-clients';

export interface DependencyState {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

async function timed(probe: () => Promise<unknown>): Promise<DependencyState> {
  const started = performance.now();
  try {
    await probe();
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (err as Error).name };
  }
}

/** Reads one absent key and heads the images bucket: cheap, and proves the grant and the endpoint. */
export async function probeDependencies(): Promise<Record<'dynamodb' | 's3', DependencyState>> {
  const { IMAGES_TABLE, IMAGES_BUCKET } = config();
  const [dynamodb, storage] = await Promise.all([
    timed(() => dynamo().send(new GetCommand({ TableName: IMAGES_TABLE, Key: { pk: 'health', sk: 'health' } }))),
    timed(() => s3().send(new HeadBucketCommand({ Bucket: IMAGES_BUCKET }))),
  ]);
  return { dynamodb, s3: storage };
}
