/**
 * s3rver in its own process: it must run under `node --openssl-legacy-provider` (it encrypts
 * ListObjectsV2 continuation tokens with DES), which we do not want for the rest of the runtime.
 * Usage: node --openssl-legacy-provider --import tsx local/s3rver-process.ts <port> <dir> <bucket>...
 */
import S3rver from 's3rver';

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
