import { randomBytes } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dynamo, s3 } from '../../../lambdas/adapters/aws-clients';
import { imageKeys, privateImageKeys, sizedThumbnailKey } from '../../../lambdas/adapters/image-bucket';
import { stagingKey } from '../../../lambdas/adapters/job-staging';
import { updateJob } from '../../../lambdas/adapters/jobs-table';
import { config } from '../../../lambdas/lib/config';
import { pictureId, stagingName } from '../../../lambdas/lib/picture-id';
import { storeImage } from '../../../lambdas/services/image-store';
import { LOST_JOB_MESSAGE } from '../../../lambdas/services/reconcile';
import { type LocalApp, startLocalApp } from '../../../local/app';
import { PLUGINS } from '../../../local/plugins';
import { generationRuntime } from '../../../local/plugins/generation';
import { lastReconcile } from '../../../local/plugins/reconciler';
import { newImage } from '../../fixtures/images';
import type { TestApp } from '../../support/local-app';
import { freshWindow } from '../../support/windows';
import { ended, getStatus, newRequest, postGenerate, waitFor } from '../generation/support';

/**
 * A runtime that dies with jobs in flight and starts again on the same data: at start-up the
 * reconciler ends every job its predecessor left open, frees the visitors and refunds their caps.
 */
describe('reconciler after a crash and restart', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  // The caps' hour begins as the file starts, so the refund is read in the hour it was counted in.
  const hour = freshWindow();
  const env = { ...hour.env, PREVIEW_STEP_DELAY_MS: '20', GEN_QUEUE_CAP: '5', RECONCILE_INTERVAL_MS: '0' };
  let app: TestApp | undefined;
  const start = async (): Promise<TestApp> => {
    const plugins = PLUGINS.filter((p) => p.name === 'generation' || p.name === 'reconciler');
    const local: LocalApp = await startLocalApp({ port: 0, dataDir: null, endpoints: inject('endpoints'), prefix, plugins, env });
    return { ...local, prefix, api: (path, init) => fetch(`${local.url}${path}`, init) };
  };
  afterAll(async () => app?.stop());

  const userCount = async (userId: string) => {
    const out = await dynamo().send(
      new GetCommand({ TableName: config().COUNTERS_TABLE, Key: { pk: `rl#gen-user#${userId}`, sk: windowStart() } }),
    );
    return Number(out.Item?.count ?? 0);
  };
  const windowStart = () => String(hour.hourStart);
  /** A fresh runtime whose workers are stopped, and a visitor's 4-picture job admitted into it (it waits in the queue). */
  const fourPictureJobWithoutWorkers = async () => {
    await app?.stop();
    app = await start();
    await Promise.all(
      generationRuntime()
        .workers.splice(0)
        .map((w) => w.stop()),
    );
    const req = newRequest({ count: 4 });
    const res = await postGenerate(app, req);
    expect(res.status).toBe(202);
    const { jobId } = (await res.json()) as { jobId: string };
    return { req, jobId };
  };

  it('ends every job left open, frees the lock, refunds the cap, keeps a stored image and removes staging objects', async () => {
    app = await start();
    // No worker: every job waits, as when the tree is killed mid-burst.
    await Promise.all(
      generationRuntime()
        .workers.splice(0)
        .map((w) => w.stop()),
    );
    const jobs: { jobId: string; userId: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const req = newRequest();
      const res = await postGenerate(app, req);
      expect(res.status).toBe(202);
      jobs.push({ jobId: ((await res.json()) as { jobId: string }).jobId, userId: req.userId });
    }
    const [lost, finished] = jobs as [(typeof jobs)[0], (typeof jobs)[0]];
    expect(await userCount(lost.userId)).toBe(1);
    // One job's image was stored just before the crash; another had its PNG in staging.
    await storeImage(await newImage({ id: finished.jobId, owner: { kind: 'user', userId: finished.userId } }));
    const bucket = config().IMAGES_BUCKET;
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: stagingKey(lost.jobId), Body: Buffer.from('png') }));

    await app.stop();
    app = await start();

    const report = lastReconcile();
    expect(report?.failed.length).toBe(3);
    expect(report?.done).toEqual([finished.jobId]);
    await expect(s3().send(new HeadObjectCommand({ Bucket: bucket, Key: stagingKey(lost.jobId) }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    const lostStatus = await getStatus(app, lost.jobId);
    expect(lostStatus).toMatchObject({ status: 'failed', message: LOST_JOB_MESSAGE });
    expect((await getStatus(app, finished.jobId)).status).toBe('done');
    expect(await userCount(lost.userId)).toBe(0);

    // The visitor is not locked out, and the queue has room again: a new job runs to the end.
    const again = await postGenerate(app, newRequest({ userId: lost.userId }));
    expect(again.status).toBe(202);
    const { jobId } = (await again.json()) as { jobId: string };
    expect((await waitFor(app, jobId, ended)).last.status).toBe('done');
  }, 150_000);

  it('clears every picture of a 4-picture job whose store failed, and a second run changes nothing', async () => {
    const { jobId } = await fourPictureJobWithoutWorkers();
    // The worker staged all four pictures; StoreImage wrote objects and no record, then the runtime died.
    const bucket = config().IMAGES_BUCKET;
    const pictures = [0, 1, 2, 3].map((index) => ({
      index,
      stagingKey: stagingKey(stagingName(jobId, index)),
      seed: 100 + index,
      imageCheck: { verdict: 'ok' as const, by: 'nsfwjs', reasons: [] },
    }));
    expect(await updateJob(jobId, { status: 'saving', pictures })).toBe(true);
    const objects = pictures.flatMap(({ index, stagingKey: staged }) => {
      const id = pictureId(jobId, index);
      const own = privateImageKeys(id);
      const pub = imageKeys(id);
      return [staged, own.original, own.thumbnail, pub.original, pub.thumbnail, sizedThumbnailKey(id, 256), sizedThumbnailKey(id, 384)];
    });
    expect(objects).toHaveLength(28);
    await Promise.all(objects.map((Key) => s3().send(new PutObjectCommand({ Bucket: bucket, Key, Body: Buffer.from('x') }))));

    const gone = async () => {
      for (const Key of objects)
        await expect(s3().send(new HeadObjectCommand({ Bucket: bucket, Key })), Key).rejects.toMatchObject({ name: 'NotFound' });
    };
    await app?.stop();
    app = await start();
    expect(lastReconcile()?.failed).toEqual([jobId]);
    expect(await getStatus(app, jobId)).toMatchObject({ status: 'failed', message: LOST_JOB_MESSAGE });
    await gone();

    // Run again (another start): the job has ended, nothing is left to remove, and nothing fails.
    await app.stop();
    app = await start();
    expect(lastReconcile()).toMatchObject({ done: [], failed: [] });
    expect((await getStatus(app, jobId)).status).toBe('failed');
    await gone();
  }, 150_000);

  it('ends a 4-picture job done with the 2 pictures stored before the crash and gives the 2 it did not make back', async () => {
    const { req, jobId } = await fourPictureJobWithoutWorkers();
    expect(await userCount(req.userId)).toBe(4);
    // StoreImage stored pictures 0 and 1, then the runtime died.
    for (const index of [0, 1])
      await storeImage(await newImage({ id: pictureId(jobId, index), owner: { kind: 'user', userId: req.userId } }));
    await app?.stop();
    app = await start();
    expect(lastReconcile()?.done).toEqual([jobId]);
    const status = await getStatus(app, jobId);
    expect(status.status).toBe('done');
    expect(await userCount(req.userId)).toBe(2);
    // A second run finds the job ended and gives nothing more.
    await app.stop();
    app = await start();
    expect(lastReconcile()).toMatchObject({ done: [], failed: [] });
    expect(await userCount(req.userId)).toBe(2);
  }, 150_000);
});
