import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DetectModerationLabelsCommand, RekognitionClient } from '@aws-sdk/client-rekognition';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.LOG_LEVEL = 'SILENT';
});

import type { JobItem } from '../../../lambdas/adapters/jobs-table';
import { drawPreview } from '../../../local/preview-renderer/draw';
import { type PreviewRenderer, startPreviewRenderer } from '../../../local/preview-renderer/server';
import { type ImageCheckResult, NSFW_MODEL_NAME } from '../../../shared/image-check';
import type { WorkerMessage, WorkerResult } from '../../../shared/schemas/generation-flow';
import { modelInput } from '../../../worker/nsfw-model';
import { allChecks, nsfwCheck, type PictureCheck, rekognitionCheck, runPictureCheck } from '../../../worker/picture-check';
import type { WorkerPorts } from '../../../worker/ports';
import { GpuWorker } from '../../../worker/worker';

/** The GPU worker's image check (worker/picture-check.ts): the real model on real PNGs, Rekognition with the SDK mocked, and the verdict in the task result. */
const rekognition = mockClient(RekognitionClient);
const FLUX_SAMPLE = join(import.meta.dirname, '../../fixtures/comfyui/output_sample_downscaled.png');

beforeEach(() => {
  rekognition.reset();
});

describe('nsfwjs on the wasm backend, the model from its npm package', () => {
  it('passes a recorded FLUX output and a preview drawing: verdict ok, by the model', async () => {
    const flux = await nsfwCheck.check(readFileSync(FLUX_SAMPLE));
    expect(flux).toEqual({ verdict: 'ok', by: NSFW_MODEL_NAME, reasons: [] });
    const drawing = await drawPreview({ prompt: 'A lighthouse on a cliff at dawn', seed: 7, width: 512, height: 384 });
    expect(await nsfwCheck.check(drawing)).toEqual({ verdict: 'ok', by: NSFW_MODEL_NAME, reasons: [] });
  });

  it('shrinks the PNG to the model’s 224×224 RGB by averaging each cell', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 448, height: 224, channels: 4, background: { r: 200, g: 100, b: 50, alpha: 1 } } })
      .png()
      .toBuffer();
    const input = modelInput(png);
    expect(input.length).toBe(224 * 224 * 3);
    expect([...input.slice(0, 3)]).toEqual([200, 100, 50]);
    expect([...input.slice(-3)]).toEqual([200, 100, 50]);
  });
});

describe('Amazon Rekognition as the worker’s second check (SDK mocked)', () => {
  const png = Buffer.from('not really a png, Rekognition is mocked');

  it('flags with the labels at or above the confidence, and sends the picture in the request', async () => {
    rekognition.on(DetectModerationLabelsCommand).resolves({
      ModerationLabels: [
        { Name: 'Explicit Nudity', Confidence: 97.4 },
        { Name: 'Graphic Violence', ParentName: 'Violence', Confidence: 85 },
        { Name: 'Suggestive', Confidence: 61 },
      ],
    });
    expect(await rekognitionCheck(80).check(png)).toEqual({
      verdict: 'flagged',
      by: 'Amazon Rekognition moderation labels ≥ 80%',
      reasons: ['Explicit Nudity (97%)', 'Violence / Graphic Violence (85%)'],
    });
    const input = rekognition.commandCalls(DetectModerationLabelsCommand)[0]?.args[0].input;
    expect(input?.MinConfidence).toBe(80);
    expect(Buffer.from(input?.Image?.Bytes ?? []).equals(png)).toBe(true);
  });

  it('is ok when no label reaches the confidence, and leaves a PNG over 5 MB unchecked', async () => {
    rekognition.on(DetectModerationLabelsCommand).resolves({ ModerationLabels: [] });
    expect((await rekognitionCheck(60).check(png)).verdict).toBe('ok');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    expect(await rekognitionCheck(60).check(big)).toMatchObject({ verdict: 'unchecked', reasons: ['over the 5 MB Rekognition takes'] });
  });

  it('fails closed: a check that throws gives unchecked, and flagged outranks unchecked outranks ok', async () => {
    rekognition.on(DetectModerationLabelsCommand).rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    const failed = await runPictureCheck(rekognitionCheck(60), png);
    expect(failed).toEqual({ verdict: 'unchecked', by: 'Amazon Rekognition moderation labels ≥ 60%', reasons: ['not checked: throttled'] });
    const fixed = (result: ImageCheckResult): PictureCheck => ({ name: result.by, check: async () => result });
    const ok = fixed({ verdict: 'ok', by: 'a', reasons: [] });
    const flagged = fixed({ verdict: 'flagged', by: 'b', reasons: ['x'] });
    expect(await allChecks([ok, rekognitionCheck(60)]).check(png)).toMatchObject({ verdict: 'unchecked' });
    expect(await allChecks([rekognitionCheck(60), flagged]).check(png)).toEqual({ verdict: 'flagged', by: 'b', reasons: ['x'] });
    expect(await allChecks([ok, ok]).check(png)).toEqual({ verdict: 'ok', by: 'a + a', reasons: [] });
  });
});

/** One job through a GpuWorker against the preview renderer, its ports in memory: what the task result carries. */
describe('the verdict in the task result', () => {
  let renderer: PreviewRenderer;
  beforeAll(async () => {
    renderer = await startPreviewRenderer({ stepDelayMs: 0 });
  });
  afterAll(async () => renderer?.stop());

  function oneJob(): { ports: WorkerPorts; result: Promise<WorkerResult>; staged: Map<string, Buffer> } {
    const message: WorkerMessage = {
      taskToken: 'token-1',
      heartbeatSeconds: 30,
      job: { jobId: 'job-1', userId: 'u-1', prompt: 'A red fox in the snow', aspectRatio: '4:3', width: 256, height: 192 },
    };
    let queued: WorkerMessage | undefined = message;
    const staged = new Map<string, Buffer>();
    let succeed: (r: WorkerResult) => void = () => {};
    const result = new Promise<WorkerResult>((resolve) => {
      succeed = resolve;
    });
    const ports = {
      receiveJob: async () => {
        const next = queued;
        queued = undefined;
        if (next) return { receiptHandle: 'r-1', message: next, deliveries: 1 };
        await new Promise((resolve) => setTimeout(resolve, 50));
        return undefined;
      },
      deleteJob: async () => {},
      extendJob: async () => {},
      putStaging: async (jobId: string, png: Buffer) => {
        staged.set(jobId, png);
        return `staging/${jobId}.png`;
      },
      getJob: async () => ({ status: 'generating' }) as JobItem,
      updateJob: async () => true,
      touchWorker: async () => {},
      removeWorker: async () => {},
      sendTaskHeartbeat: async () => {},
      sendTaskSuccess: async (_token: string, output: WorkerResult) => succeed(output),
      sendTaskFailure: async (_token: string, error: string, cause: string) => {
        throw new Error(`unexpected failure ${error}: ${cause}`);
      },
    } as unknown as WorkerPorts;
    return { ports, result, staged };
  }

  async function run(imageCheck: PictureCheck): Promise<{ result: WorkerResult; seen: Buffer[]; staged: Map<string, Buffer> }> {
    const { ports, result, staged } = oneJob();
    const seen: Buffer[] = [];
    const worker = new GpuWorker({
      comfyUrl: renderer.url,
      ports,
      beaconMs: 60_000,
      pollSeconds: 1,
      imageCheck: {
        name: imageCheck.name,
        check: (png) => {
          seen.push(png);
          return imageCheck.check(png);
        },
      },
    });
    worker.start();
    try {
      return { result: await result, seen, staged };
    } finally {
      await worker.stop();
    }
  }

  it('checks the picture ComfyUI made, before the upload, and sends the verdict with the result', async () => {
    const verdict: ImageCheckResult = {
      verdict: 'flagged',
      by: 'test check',
      reasons: ['explicit content (Porn 91%, Hentai 2%, Sexy 4%)'],
    };
    const { result, seen, staged } = await run({ name: 'test check', check: async () => verdict });
    expect(result.imageCheck).toEqual(verdict);
    expect(result.timings.checkMs).toBeGreaterThanOrEqual(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.equals(staged.get('job-1') ?? Buffer.alloc(0))).toBe(true);
  });

  it('sends unchecked when the check throws: the job still completes, the picture held back', async () => {
    const { result } = await run({
      name: 'broken check',
      check: async () => {
        throw new Error('model failed to load');
      },
    });
    expect(result.imageCheck).toEqual({ verdict: 'unchecked', by: 'broken check', reasons: ['not checked: model failed to load'] });
  });

  it('uses nsfwjs by default', async () => {
    const { ports, result } = oneJob();
    const worker = new GpuWorker({ comfyUrl: renderer.url, ports, beaconMs: 60_000, pollSeconds: 1 });
    worker.start();
    try {
      expect((await result).imageCheck).toEqual({ verdict: 'ok', by: NSFW_MODEL_NAME, reasons: [] });
    } finally {
      await worker.stop();
    }
  });
});
