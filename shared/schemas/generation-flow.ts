import * as z from 'zod';
import { MAX_VARIANTS } from '../variants';
import { imageCheckSchema } from './image-check';

/**
 * Input and output shapes of the generation state machine's steps (issue 4). The execution input
 * is `flowInputSchema`; each Lambda step reads and returns the same `job` object, the worker
 * receives `workerMessageSchema` on the queue and completes the task token with `workerResultSchema`.
 */
const flowLimitsSchema = z.object({
  /**
   * A worker's claim on a job (infra/lib/state-machine.ts): the message stays invisible this long after each
   * extension, and the worker extends it (and beats the task token) every third of it. A dead worker's job
   * goes to the next worker after at most this long.
   */
  heartbeatSeconds: z.number().int().min(1),
  /** Longest a dispatched job may take in all (queue wait + cold start + generation): then States.Timeout. */
  taskTimeoutSeconds: z.number().int().min(1),
});
export type FlowLimits = z.infer<typeof flowLimitsSchema>;

const flowJobSchema = z.object({
  jobId: z.string(),
  userId: z.string(),
  prompt: z.string(),
  aspectRatio: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Operator jobs only (the console's generator): stored with user admin in this category. */
  category: z.string().optional(),
  /** A remix's seed (generateRequestSchema); absent: the worker draws one. */
  seed: z.number().int().nonnegative().optional(),
  /** Variants: pictures to make (absent: 1, a message from before variants). */
  count: z.number().int().min(1).max(MAX_VARIANTS).optional(),
});
export type FlowJob = z.infer<typeof flowJobSchema>;

export const flowInputSchema = z.object({ job: flowJobSchema, limits: flowLimitsSchema });
export type FlowInput = z.infer<typeof flowInputSchema>;

/** What EnsureCapacity found: a live worker, or a start it asked for. */
const capacitySchema = z.object({ warm: z.boolean(), requestedAt: z.string().optional() });

export const workerMessageSchema = z.object({
  taskToken: z.string(),
  job: flowJobSchema,
  heartbeatSeconds: z.number().int().min(1),
});
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

const workerTimingsSchema = z.object({
  /** When the worker took the job off the queue (ISO 8601). */
  pickedAt: z.string(),
  /** ComfyUI time from POST /prompt to the output image, ms. */
  renderMs: z.number().nonnegative(),
  /** The image check's time on the worker, ms (absent from workers before it). */
  checkMs: z.number().nonnegative().optional(),
  /** Whole worker time (pick → upload done), ms. */
  workerMs: z.number().nonnegative(),
});

/** One picture of a job as the worker handed it over: staged, checked, with its own seed. */
export const stagedPictureSchema = z.object({
  index: z
    .number()
    .int()
    .min(0)
    .max(MAX_VARIANTS - 1),
  stagingKey: z.string(),
  seed: z.number().int().nonnegative(),
  imageCheck: imageCheckSchema,
});
export type StagedPicture = z.infer<typeof stagedPictureSchema>;

const workerResultSchema = z.object({
  stagingKey: z.string(),
  seed: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  comfyPromptId: z.string(),
  /**
   * The worker's image check (docs/safety.md); StoreImage stores it on the record. A worker bundle from
   * before the check (an instance booted before the deploy) sends none: held back as unchecked.
   */
  imageCheck: imageCheckSchema.default({ verdict: 'unchecked', by: 'none', reasons: ['the worker sent no image check'] }),
  /**
   * Every picture of the job in index order (picture 0 is also the fields above); absent from workers
   * before variants, whose one picture is those fields.
   */
  pictures: z.array(stagedPictureSchema).min(1).max(MAX_VARIANTS).optional(),
  timings: workerTimingsSchema,
});
export type WorkerResult = z.infer<typeof workerResultSchema>;

/** StoreImage's input: the execution state after the dispatch step (ResultPath $.result). */
export const storeInputSchema = flowInputSchema.extend({ result: workerResultSchema, capacity: capacitySchema.optional() });

/** MarkFailed's input: a Catch put `{ Error, Cause }` at $.error. */
export const failInputSchema = z.object({
  job: flowJobSchema,
  error: z.object({ Error: z.string(), Cause: z.string().optional() }),
});

/**
 * Error names the worker uses when it fails a task token; MarkFailed maps them (and the
 * States.* names) to the message the visitor sees.
 */
export const WORKER_ERRORS = {
  unreachable: 'ComfyUnreachable',
  rejected: 'ComfyRejected',
  execution: 'ComfyExecutionError',
  timeout: 'ComfyTimeout',
  interrupted: 'ComfyInterrupted',
  upload: 'UploadFailed',
  /** The job was delivered more than MAX_DELIVERIES times: each worker that held it died or lost its ComfyUI. */
  lost: 'WorkerLost',
} as const;

/**
 * How many workers may take one job (SQS deliveries) before the next one fails it with WorkerLost: a job
 * that lost its worker goes to another at most twice, as the flow's re-dispatch did before workers claimed jobs.
 */
export const MAX_DELIVERIES = 3;

/**
 * What MarkFailed calls a job whose task timed out before any worker took it (States.Timeout without a
 * pickedAt on the record): no GPU worker came up in time.
 */
export const FLOW_ERRORS = { noCapacity: 'NoGpuCapacity' } as const;
