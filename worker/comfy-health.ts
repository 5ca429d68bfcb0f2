import { logger } from '../lambdas/lib/logger';
import { runGraph } from './comfyui';
import { buildFluxGraph, OUTPUT_NODE } from './generation-graph';

/** What the worker is doing about its presence: warming up, serving (beacons), or not answering. */
export type WorkerHealth = 'warming' | 'ready' | 'comfy-down' | 'unhealthy';

/** The warm-up image: small, it loads the same weights as a full-size one. */
const WARM_UP_SIZE = 256;

export interface ComfyHealthOptions {
  comfyUrl: string;
  warmUpTimeoutMs: number;
  probeTimeoutMs: number;
  unhealthyAfter: number;
  onUnhealthy?: () => Promise<void> | void;
  /** Takes the worker's beacon away (it must not look warm while ComfyUI does not answer). */
  withdraw: () => Promise<void>;
}

/**
 * The worker's view of its ComfyUI: the warm-up generation, the probe before each beacon, and the
 * count of failures in a row that ends in `onUnhealthy`. A failure withdraws the beacon at once.
 */
export class ComfyHealth {
  health: WorkerHealth = 'warming';
  warmUpMs?: number;
  readyAt?: number;
  private failures = 0;

  constructor(private readonly o: ComfyHealthOptions) {}

  /** Whether ComfyUI answers GET /system_stats with 200 (no failure counted: it may be starting). */
  async answers(): Promise<boolean> {
    return this.systemStats().then(
      () => true,
      () => false,
    );
  }

  /** One small generation: ComfyUI loads the checkpoint into memory and VRAM before any job is taken. */
  async warmUp(): Promise<boolean> {
    const started = Date.now();
    try {
      await runGraph({
        baseUrl: this.o.comfyUrl,
        graph: buildFluxGraph({ prompt: 'warm-up', width: WARM_UP_SIZE, height: WARM_UP_SIZE, seed: 0 }),
        outputNode: OUTPUT_NODE,
        timeoutMs: this.o.warmUpTimeoutMs,
      });
      this.readyAt = Date.now();
      this.warmUpMs = this.readyAt - started;
      this.failures = 0;
      this.health = 'ready';
      logger.info('warm-up done: the model is loaded', { ms: this.warmUpMs });
      return true;
    } catch (err) {
      if (this.failures === 0) logger.warn('warm-up failed', { error: err as Error });
      await this.failed();
      return false;
    }
  }

  /** The check before each beacon; a failure withdraws the beacon and counts towards unhealthy. */
  async probe(): Promise<boolean> {
    try {
      await this.systemStats();
      if (this.health !== 'ready') logger.info('ComfyUI answers again');
      this.failures = 0;
      this.health = 'ready';
      return true;
    } catch (err) {
      // Once per outage, not once per probe.
      if (this.failures === 0) logger.warn('ComfyUI probe failed: withdrawing the beacon', { error: err as Error });
      await this.failed();
      return false;
    }
  }

  private async systemStats(): Promise<void> {
    const res = await fetch(`${this.o.comfyUrl}/system_stats`, { signal: AbortSignal.timeout(this.o.probeTimeoutMs) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  }

  private async failed(): Promise<void> {
    this.failures++;
    if (this.health === 'ready' || this.health === 'warming') {
      this.health = 'comfy-down';
      await this.o.withdraw();
    }
    if (this.failures >= this.o.unhealthyAfter && this.health !== 'unhealthy') {
      this.health = 'unhealthy';
      logger.error('ComfyUI keeps failing: marking this worker unhealthy', { failures: this.failures });
      await this.o.onUnhealthy?.();
    }
  }
}
