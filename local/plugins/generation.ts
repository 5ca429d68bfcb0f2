import type { Server } from 'node:http';
import { touchWorker } from '../../lambdas/adapters/fleet-records';
import { config, resetConfig } from '../../lambdas/lib/config';
import type { WorkerOptions } from '../../worker/options';
import { awsPorts, type WorkerPorts } from '../../worker/ports';
import { threadedNsfwCheck } from '../../worker/threaded-check';
import { GpuWorker } from '../../worker/worker';
import { STATE_MACHINE_ARN } from '../functions/deployment';
import { coldStartFromEnv, type PreviewRenderer, startPreviewRenderer } from '../preview-renderer/server';
import type { AslDefinition } from '../sfn/definition';
import { LocalQueues } from '../sfn/queue';
import { LocalStepFunctions } from '../sfn/runner';
import { sfnOperations, sqsOperations, startAwsJsonServer } from '../sfn/server';
import { asInstance, type InstanceRoute } from '../worker-route';
import type { LocalPlugin } from './types';

/**
 * Generation, locally: the state machine synthesized from infra/ run by the ASL interpreter, the job
 * queue, the SFN/SQS endpoints the handlers' SDK clients talk to, one GPU worker in-process and the
 * preview renderer (or a real ComfyUI when COMFYUI_URL is set).
 */
export interface GenerationRuntime {
  runner: LocalStepFunctions;
  queues: LocalQueues;
  renderer?: PreviewRenderer;
  comfyUrl: string;
  workers: GpuWorker[];
  /** Starts the preview renderer again on its port after a stop (`npm run faults`: the GPU comes back). */
  restartRenderer(): Promise<void>;
  /** Starts one more worker (tests: a second worker after killing the first, or one with other options). */
  addWorker(options?: Partial<WorkerOptions>): GpuWorker;
  /**
   * Simulates the crash of a worker's instance (tests): from now on nothing it sends reaches the queue, the
   * job records or the flow (no heartbeat, no answer, no beacon), while ComfyUI is left running.
   */
  crash(worker: GpuWorker): void;
  /** Runs `call` as the GPU instance (its AWS calls checked against the instance role), as the worker's own calls run. */
  asGpu<T>(call: () => Promise<T>): Promise<T>;
}

/**
 * The worker's ports behind a power switch: once cut, every call fails without reaching the stand-ins.
 * Each call is made as the GPU instance (`route`): through the gateway, checked against the instance role.
 */
function switchablePorts(route: InstanceRoute | undefined): { ports: WorkerPorts; cut: () => void } {
  let on = true;
  const lost = () => Object.assign(new Error('the instance is gone (simulated crash)'), { name: 'SimulatedCrash' });
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!on) throw lost();
      const result = await (route ? asInstance(route, () => call(...args)) : call(...args));
      // A call that was on its way when the power went (a long poll taking a message) is lost with the instance.
      if (!on) throw lost();
      return result;
    };
  const ports = Object.fromEntries(
    Object.entries(awsPorts).map(([name, call]) => [name, guard(call as (...a: unknown[]) => Promise<unknown>)]),
  );
  return {
    ports: ports as WorkerPorts,
    cut: () => {
      on = false;
    },
  };
}

let current: GenerationRuntime | undefined;

/** The running runtime of this process (tests reach the renderer's faults and the workers here). */
export function generationRuntime(): GenerationRuntime {
  if (!current) throw new Error('the generation plugin is not running');
  return current;
}

const num = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback);

export const generationPlugin: LocalPlugin = {
  name: 'generation',
  async start(ctx) {
    const env = { ...process.env, ...ctx.env };
    // The state machine as synthesized with the stack; its Task states invoke the deployed step functions.
    const definition = ctx.deployment.stateMachineDefinition() as AslDefinition;
    const functions: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const state of Object.values(definition.States)) {
      const resource = String(state.Resource ?? '');
      if (!resource.startsWith('arn:aws:lambda:')) continue;
      const name = resource.split(':').pop() ?? resource;
      const host = ctx.deployment.byName(name);
      if (!host) throw new Error(`the state machine invokes ${resource}, which is not a function of the stack`);
      functions[name] = (input) => host.invoke(input);
    }
    const queueUrl = definitionQueueUrl(definition);

    // LOCAL_SQS_LEASES=windows: claims lapse when a test ends a window, not on the wall clock (local/sfn/queue.ts).
    const queues = new LocalQueues(env.LOCAL_SQS_LEASES === 'windows' ? 'windows' : 'timers');
    const runner = new LocalStepFunctions({
      stateMachineArn: STATE_MACHINE_ARN,
      definition,
      functions,
      queues,
      retryIntervalMs: env.LOCAL_SFN_RETRY_MS ? num(env.LOCAL_SFN_RETRY_MS, 1000) : undefined,
      waitMs: env.LOCAL_SFN_WAIT_MS ? num(env.LOCAL_SFN_WAIT_MS, 5000) : undefined,
      log: ctx.log,
      trace: env.LOCAL_SFN_TRACE === '1',
    });
    const { server, url } = await startAwsJsonServer({ AWSStepFunctions: sfnOperations(runner), AmazonSQS: sqsOperations(queues) });
    // The functions and the worker reach Step Functions and SQS through the gateway (their calls are checked).
    ctx.deployment.gateway.setTarget('states', url);
    ctx.deployment.gateway.setTarget('sqs', url);
    // The worker calls as the GPU instance: through the gateway, under the instance role (local/worker-route.ts).
    const gpu = ctx.deployment.gpuInstance;
    const route: InstanceRoute | undefined = gpu ? { gatewayUrl: ctx.deployment.gateway.url, accessKeyId: gpu.accessKeyId } : undefined;
    const asGpu = <T>(call: () => Promise<T>) => (route ? asInstance(route, call) : call());

    const cold = coldStartFromEnv(env);
    const rendererOptions = { stepDelayMs: num(env.PREVIEW_STEP_DELAY_MS, 100), cold };
    let renderer = env.COMFYUI_URL ? undefined : await startPreviewRenderer(rendererOptions);
    // As on the GPU instance: a cold renderer (or WORKER_WARMUP=1) → the worker warms up before its first beacon.
    const warmUp = env.WORKER_WARMUP ? env.WORKER_WARMUP === '1' || env.WORKER_WARMUP === 'true' : Boolean(cold);
    const comfyUrl = env.COMFYUI_URL ?? renderer?.url ?? '';
    const handleEnv: Record<string, string> = {
      SFN_ENDPOINT: url,
      SQS_ENDPOINT: url,
      JOB_QUEUE_URL: `${url}/${new URL(queueUrl).pathname.replace(/^\/+/, '')}`,
      GENERATION_STATE_MACHINE_ARN: STATE_MACHINE_ARN,
      RENDERER: env.COMFYUI_URL ? 'comfyui' : 'preview',
    };
    // The in-process worker and steps read the same configuration as the handlers: apply it now.
    Object.assign(process.env, handleEnv);
    resetConfig();

    // The worker's image check with its model in a worker thread: here the worker shares its process with the
    // API and the stand-ins, which must keep answering while the model loads (seconds) and infers. One thread
    // for every in-process worker; a test gives a worker its own check through addWorker({ imageCheck }).
    const imageCheck = threadedNsfwCheck();
    // As on the instance (the model loads beside the warm-up, before the first beacon): the site is ready
    // once the check is, so no first picture waits for the model. A failed load is tried again by the first
    // picture, and failing again holds it back as unchecked.
    const loaded = performance.now();
    await imageCheck.prepare?.().catch((err: Error) => ctx.log(`generation: the image check did not load: ${err.message}`));
    ctx.log(`generation: image check ${imageCheck.name} loaded in a worker thread (${Math.round(performance.now() - loaded)} ms)`);
    const workers: GpuWorker[] = [];
    const switches = new WeakMap<GpuWorker, () => void>();
    const addWorker = (options: Partial<WorkerOptions> = {}) => {
      const power = switchablePorts(route);
      const worker = new GpuWorker({
        ports: power.ports,
        comfyUrl,
        pollSeconds: 2,
        leaseSeconds: config().GEN_HEARTBEAT_SECONDS,
        beaconMs: num(env.WORKER_BEACON_MS, 2000),
        comfyTimeoutMs: num(env.COMFY_TIMEOUT_MS, 60_000),
        jobSlots: config().GEN_JOBS_PER_WORKER,
        warmUp,
        imageCheck,
        ...options,
      });
      switches.set(worker, power.cut);
      workers.push(worker);
      worker.start();
      return worker;
    };
    // The power goes first, so the stop that follows (no new job, its loop ends) sends nothing either.
    const crash = (worker: GpuWorker) => {
      switches.get(worker)?.();
      void worker.stop();
    };
    // Announce the first worker before the site is ready: a job posted at once must find it warm,
    // not take the state machine's cold-start wait. A warming worker announces itself when warm.
    const first = addWorker();
    if (!warmUp) await asGpu(() => touchWorker(first.workerId, 'idle'));
    const restartRenderer = async () => {
      if (!renderer) return;
      await renderer.stop();
      renderer = await startPreviewRenderer({ ...rendererOptions, port: Number(new URL(renderer.url).port) });
      if (current) current.renderer = renderer;
    };
    current = { runner, queues, renderer, comfyUrl, workers, restartRenderer, addWorker, crash, asGpu };
    ctx.log(`generation: state machine from infra, worker → ${renderer ? `preview renderer ${comfyUrl}` : `ComfyUI ${comfyUrl}`}`);

    return {
      env: handleEnv,
      stop: async () => {
        await Promise.all(workers.map((w) => w.stop()));
        await imageCheck.close();
        runner.stopAll();
        queues.close();
        await closeServer(server);
        await renderer?.stop();
        current = undefined;
      },
    };
  },
};

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The job queue the flow's dispatch state sends to (its QueueUrl, resolved from the template). */
function definitionQueueUrl(definition: AslDefinition): string {
  for (const state of Object.values(definition.States)) {
    const queueUrl = (state.Parameters as { QueueUrl?: unknown } | undefined)?.QueueUrl;
    if (typeof queueUrl === 'string') return queueUrl;
  }
  throw new Error('the state machine sends to no queue');
}
