/**
 * s3rver in its own process: it must run under `node --openssl-legacy-provider` (it encrypts
 * ListObjectsV2 continuation tokens with DES), which we do not want for the rest of the runtime.
 * Usage: node --openssl-legacy-provider --import tsx local/s3rver-process.ts <port> <dir> <bucket>...
 */
import { unlink } from 'node:fs/promises';
import S3rver from 's3rver';
// s3rver keeps its accounts in a registry keyed by access key id. The local runtime gives every
// function a key of its own (LOCAL<function>, local/functions/deployment.ts) so the gateway in front
// of the stand-ins knows who calls; s3rver accepts those keys with the one secret it knows.
import Account from 's3rver/lib/models/account.js';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

const registry = Account.registry as Map<string, unknown>;
const known = registry.get.bind(registry);
registry.get = (key: string) => {
  if (!known(key) && key.startsWith('LOCAL')) Account.DUMMY_ACCOUNT.createKeyPair(key, 'S3RVER');
  return known(key);
};

// s3rver's DeleteObject removes the object's files and then every directory above it left empty
// (readdirSync, rmdir). A concurrent write or delete in the same folder then meets a directory that
// vanished between its mkdirp and its write, or between readdir and rmdir: ENOENT, answered as
// InternalError. Two parallel moves under files/ did that in the fresh-clone CI (issue 34 item 5).
// S3 has no directories; an empty folder here is invisible to listing (keys come from object files
// only), so the delete below removes the object's three files and leaves the folders.
FilesystemStore.prototype.deleteObject = async function deleteObject(bucket: string, key: string) {
  await Promise.all(
    ['object', 'object.md5', 'metadata.json'].map((resource) =>
      unlink(this.getResourcePath(bucket, key, resource)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      }),
    ),
  );
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
