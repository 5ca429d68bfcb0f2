/**
 * s3rver in its own process: it must run under `node --openssl-legacy-provider` (it encrypts
 * ListObjectsV2 continuation tokens with DES), which we do not want for the rest of the runtime.
 * Usage: node --openssl-legacy-provider --import tsx local/s3rver-process.ts <port> <dir> <bucket>...
 */
import S3rver from 's3rver';
// s3rver keeps its accounts in a registry keyed by access key id. The local runtime gives every
// function a key of its own (LOCAL<function>, local/functions/deployment.ts) so the gateway in front
// of the stand-ins knows who calls; s3rver accepts those keys with the one secret it knows.
import Account from 's3rver/lib/models/account.js';

const registry = Account.registry as Map<string, unknown>;
const known = registry.get.bind(registry);
registry.get = (key: string) => {
  if (!known(key) && key.startsWith('LOCAL')) Account.DUMMY_ACCOUNT.createKeyPair(key, 'S3RVER');
  return known(key);
};

const [port, directory, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory: directory ?? '.data/s3',
  silent: true,
  configureBuckets: buckets.map((name) => ({ name })),
});
await server.run();
process.send?.({ ready: true });
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
