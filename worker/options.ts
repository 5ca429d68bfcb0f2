import { JOBS_PER_WORKER } from '../shared/constants';
import { WORKER_ERRORS } from '../shared/schemas/generation-flow';
import type { ComfyError } from './comfyui';
import type { PictureCheck } from './picture-check';
import type { WorkerPorts } from './ports';

/** GpuWorker's settings (worker/main.ts reads them from the instance's environment; the local runtime sets its own). */
export interface WorkerOptions {
  comfyUrl: string;
  workerId?: string;
  /** SQS long-poll wait (s). */
  pollSeconds?: number;
  /**
   * A claim's first lease (s): how long a job just received stays this worker's before its first extension
   * (then the flow's heartbeatSeconds each time). Default 30 (GEN_HEARTBEAT_SECONDS' default).
   */
  leaseSeconds?: number;
  /** No image from ComfyUI within this → failed job (default 60 s). */
  comfyTimeoutMs?: number;
  /** Presence beacon interval while idle (ms). */
  beaconMs?: number;
  /** After this long without a job, call onIdle (the instance scales itself in). 0 = never. */
  idleShutdownMs?: number;
  onIdle?: () => Promise<void> | void;
  /** Run one small generation (loads the model) before the first beacon. */
  warmUp?: boolean;
  /** The warm-up's deadline: it includes reading the checkpoint from disk (ms, default 600 000). */
  warmUpTimeoutMs?: number;
  /** ComfyUI probe (GET /system_stats) deadline before each idle beacon (ms, default 5000). */
  probeTimeoutMs?: number;
  /** Failed probes (or warm-ups) in a row before onUnhealthy (default 3). */
  unhealthyAfter?: number;
  onUnhealthy?: () => Promise<void> | void;
  /**
   * How often the running job's record is read for a cancel (ms, default 500): apart from the heartbeat (every
   * third of GEN_HEARTBEAT_SECONDS, 10 s by default), which is longer than a whole picture takes (issue 31).
   */
  cancelWatchMs?: number;
  /** Jobs this worker serves at once, the running one included (GEN_JOBS_PER_WORKER; default 4). */
  jobSlots?: number;
  /** Its queue, records, task tokens and beacon (default: the AWS adapters; see ports.ts). */
  ports?: WorkerPorts;
  /** The image check on every finished picture (default: nsfwjs, picture-check.ts). */
  imageCheck?: PictureCheck;
}

export type ResolvedOptions = Required<Omit<WorkerOptions, 'onIdle' | 'onUnhealthy' | 'workerId' | 'ports' | 'imageCheck'>> &
  Pick<WorkerOptions, 'onIdle' | 'onUnhealthy'>;

export function resolveOptions(opts: WorkerOptions): ResolvedOptions {
  return {
    comfyUrl: opts.comfyUrl.replace(/\/$/, ''),
    pollSeconds: opts.pollSeconds ?? 10,
    leaseSeconds: opts.leaseSeconds ?? 30,
    comfyTimeoutMs: opts.comfyTimeoutMs ?? 60_000,
    beaconMs: opts.beaconMs ?? 5_000,
    idleShutdownMs: opts.idleShutdownMs ?? 0,
    onIdle: opts.onIdle,
    warmUp: opts.warmUp ?? false,
    warmUpTimeoutMs: opts.warmUpTimeoutMs ?? 600_000,
    probeTimeoutMs: opts.probeTimeoutMs ?? 5_000,
    unhealthyAfter: opts.unhealthyAfter ?? 3,
    onUnhealthy: opts.onUnhealthy,
    jobSlots: opts.jobSlots ?? JOBS_PER_WORKER,
    cancelWatchMs: opts.cancelWatchMs ?? 500,
  };
}

export function comfyErrorName(err: ComfyError): string {
  const names = {
    unreachable: WORKER_ERRORS.unreachable,
    rejected: WORKER_ERRORS.rejected,
    execution: WORKER_ERRORS.execution,
    timeout: WORKER_ERRORS.timeout,
    interrupted: WORKER_ERRORS.interrupted,
  } as const;
  return names[err.kind];
}
