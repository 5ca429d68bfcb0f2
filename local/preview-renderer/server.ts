import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { CHECKPOINT_NAME } from '../../shared/constants';
import { drawPreview } from './draw';
import { historyEntry, type Job, readText, SYSTEM_STATS, sendJson, sendText } from './protocol';
import { type Graph, validateGraph } from './validate';

/**
 * The preview renderer: a stand-in for ComfyUI that speaks its HTTP and websocket protocol as
 * recorded in test/fixtures/comfyui (POST /prompt with ComfyUI's validation and error shapes,
 * GET /history[/id], /view, /queue, POST /interrupt, /system_stats, /ws?clientId= with the recorded
 * message sequence and progress 1..4) and draws an abstract picture instead of running a model.
 *
 * `faults` lets tests provoke ComfyUI's failures through the real protocol. `cold` makes it behave
 * like ComfyUI on a GPU instance that just booted: nothing answers during start-up, the first prompt
 * loads the checkpoint, and the first image samples slower (the CUDA kernels warm up).
 */
export interface RendererFaults {
  /** The next prompt fails while sampling with an execution_error message. */
  executionError?: boolean;
  /** The next prompt stalls after step 1 and never finishes. */
  hang?: boolean;
  /** Checkpoints on offer ([] makes validation reject the graph with value_not_in_list). */
  checkpoints?: string[];
  /** ComfyUI wedged: every HTTP request and websocket upgrade is accepted and never answered. */
  unresponsive?: boolean;
}

/** A cold GPU's timings (ms); every field defaults to 0 (a warm renderer). */
export interface ColdStart {
  /** After (re)start, connections are dropped this long, as a ComfyUI that is still importing torch. */
  startupMs?: number;
  /** The first prompt after a start spends this long in CheckpointLoaderSimple (reading the checkpoint). */
  modelLoadMs?: number;
  /** The first image's sampler steps take this long each instead of stepDelayMs. */
  firstStepDelayMs?: number;
}

/** The cold-start timings from the environment (PREVIEW_COLD_START_MS, PREVIEW_COLD_LOAD_MS, PREVIEW_COLD_FIRST_STEP_MS). */
export function coldStartFromEnv(env: NodeJS.ProcessEnv): ColdStart | undefined {
  const ms = (name: string) => (env[name] && Number.isFinite(Number(env[name])) ? Number(env[name]) : 0);
  const cold = {
    startupMs: ms('PREVIEW_COLD_START_MS'),
    modelLoadMs: ms('PREVIEW_COLD_LOAD_MS'),
    firstStepDelayMs: ms('PREVIEW_COLD_FIRST_STEP_MS'),
  };
  return cold.startupMs || cold.modelLoadMs || cold.firstStepDelayMs ? cold : undefined;
}

export interface PreviewRendererOptions {
  /** Delay per sampler step (ms), to look like work and to let tests cancel mid-job. */
  stepDelayMs?: number;
  port?: number;
  /** Behave like a GPU that just booted (see ColdStart); unset = warm from the first request. */
  cold?: ColdStart;
  /** Its start-up, loads and steps run on this clock; default the wall's (tests skip the waits). */
  clock?: RendererClock;
}

export interface RendererClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}
const WALL_CLOCK: RendererClock = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export interface PreviewRenderer {
  url: string;
  faults: RendererFaults;
  /** Time spent drawing (ms) per finished prompt id. */
  drawMs: Map<string, number>;
  /** The renderer's own time per finished prompt id (ms): execution start to the output image, as ComfyUI's would be. */
  runMs: Map<string, number>;
  /** Whether the checkpoint is "loaded" (cold mode: after the first prompt's load). */
  readonly modelLoaded: boolean;
  /** Simulates a reboot of the GPU (cold mode): start-up again, model unloaded. */
  restart(): void;
  stop(): Promise<void>;
}

/** What its models folder holds: the checkpoint the site's graph loads (shared/constants.ts). */
const DEFAULT_CHECKPOINTS = [CHECKPOINT_NAME];

export async function startPreviewRenderer(options: PreviewRendererOptions = {}): Promise<PreviewRenderer> {
  const stepDelayMs = options.stepDelayMs ?? 0;
  const { now, sleep } = options.clock ?? WALL_CLOCK;
  const faults: RendererFaults = {};
  const sockets = new Map<string, Set<WebSocket>>();
  const history = new Map<string, unknown>();
  const images = new Map<string, Buffer>();
  const drawMs = new Map<string, number>();
  const runMs = new Map<string, number>();
  const queue: Job[] = [];
  let running: Job | undefined;
  let counter = 0;
  let imageCounter = 0;
  const cold = options.cold;
  let readyAt = now() + (cold?.startupMs ?? 0);
  let modelLoaded = !cold?.modelLoadMs;
  let firstImage = Boolean(cold?.firstStepDelayMs);
  const restart = () => {
    readyAt = now() + (cold?.startupMs ?? 0);
    modelLoaded = !cold?.modelLoadMs;
    firstImage = Boolean(cold?.firstStepDelayMs);
  };
  /** Not answering: still starting up, or wedged. */
  const silent = () => faults.unresponsive === true || now() < readyAt;

  const broadcast = (clientId: string | undefined, type: string, data: unknown) => {
    const text = JSON.stringify({ type, data });
    const targets = clientId ? (sockets.get(clientId) ?? new Set()) : new Set([...sockets.values()].flatMap((s) => [...s]));
    for (const ws of targets) if (ws.readyState === WebSocket.OPEN) ws.send(text);
  };
  const status = () => ({ status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } } });

  async function execute(job: Job): Promise<void> {
    const send = (type: string, data: Record<string, unknown>) => broadcast(job.clientId, type, { ...data, prompt_id: job.id });
    const started = now();
    send('execution_start', { timestamp: started });
    send('execution_cached', { nodes: [], timestamp: started });
    const nodeOf = (cls: string) => Object.entries(job.graph).find(([, n]) => n.class_type === cls)?.[0] ?? '';
    const sampler = nodeOf('KSampler');
    const loader = nodeOf('CheckpointLoaderSimple');
    send('executing', { node: loader, display_node: loader });
    if (!modelLoaded) {
      await sleep(cold?.modelLoadMs ?? 0);
      modelLoaded = true;
    }
    for (const node of [nodeOf('EmptySD3LatentImage'), sampler]) send('executing', { node, display_node: node });
    const delay = firstImage ? (cold?.firstStepDelayMs ?? stepDelayMs) : stepDelayMs;
    firstImage = false;
    const interrupted = () => {
      send('execution_interrupted', { node_id: sampler, node_type: 'KSampler', executed: [], timestamp: Date.now() });
      history.set(job.id, historyEntry(job, {}, 'error', false));
      send('executing', { node: null });
    };
    const steps = Number(job.graph[sampler]?.inputs?.steps ?? 4);
    for (let step = 1; step <= steps; step++) {
      await sleep(delay);
      if (job.interrupted) return interrupted();
      if (faults.executionError) {
        faults.executionError = false;
        send('execution_error', {
          node_id: sampler,
          node_type: 'KSampler',
          executed: [],
          exception_message: 'preview renderer: simulated sampler failure\n',
          exception_type: 'RuntimeError',
          traceback: [],
          current_inputs: {},
          current_outputs: {},
          timestamp: Date.now(),
        });
        history.set(job.id, historyEntry(job, {}, 'error', false));
        send('executing', { node: null });
        return;
      }
      send('progress', { value: step, max: steps, node: sampler });
      if (faults.hang) {
        faults.hang = false;
        while (!job.interrupted) await sleep(50);
        return interrupted();
      }
    }
    const latent = job.graph[nodeOf('EmptySD3LatentImage')]?.inputs ?? {};
    const prompt = String(job.graph[nodeOf('CLIPTextEncode')]?.inputs?.text ?? '');
    const t0 = performance.now();
    const png = await drawPreview({
      prompt,
      seed: Number(job.graph[sampler]?.inputs?.seed ?? 0),
      width: Number(latent.width),
      height: Number(latent.height),
    });
    drawMs.set(job.id, performance.now() - t0);
    const filename = `flux_${String(++imageCounter).padStart(5, '0')}_.png`;
    images.set(filename, png);
    const save = nodeOf('SaveImage');
    const output = { images: [{ filename, subfolder: '', type: 'output' }] };
    send('executing', { node: save, display_node: save });
    send('executed', { node: save, display_node: save, output });
    history.set(job.id, historyEntry(job, { [save]: output }, 'success', true));
    runMs.set(job.id, now() - started);
    send('execution_success', { timestamp: Date.now() });
  }

  async function pump(): Promise<void> {
    if (running) return;
    while (queue.length) {
      running = queue.shift();
      if (!running) break;
      await execute(running).catch(() => {});
      running = undefined;
      broadcast(undefined, 'status', status());
    }
  }

  const server: Server = createServer(async (req, res) => {
    // Starting up: the connection is dropped, as by a port nobody listens on yet. Wedged: never answered.
    if (now() < readyAt && !faults.unresponsive) return void req.socket.destroy();
    if (silent()) return;
    try {
      await route(req, res);
    } catch {
      sendText(res, 500, '500 Internal Server Error\n\nServer got itself in trouble');
    }
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    if (req.method === 'POST' && path === '/prompt') {
      let body: { prompt?: Graph; client_id?: string };
      try {
        body = JSON.parse(await readText(req));
      } catch {
        return sendText(res, 500, '500 Internal Server Error\n\nServer got itself in trouble');
      }
      if (!body.prompt)
        return sendJson(res, 400, {
          error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} },
          node_errors: {},
        });
      const checked = validateGraph(body.prompt, () => faults.checkpoints ?? DEFAULT_CHECKPOINTS);
      if (!checked.ok) return sendJson(res, checked.status, checked.body);
      const job: Job = { id: randomUUID(), number: counter++, graph: body.prompt, clientId: body.client_id, interrupted: false };
      queue.push(job);
      sendJson(res, 200, { prompt_id: job.id, number: job.number, node_errors: {} });
      broadcast(undefined, 'status', status());
      void pump();
      return;
    }
    if (req.method === 'GET' && path === '/prompt')
      return sendJson(res, 200, { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } });
    if (req.method === 'GET' && path.startsWith('/history')) {
      const id = path.split('/')[2];
      if (id) return sendJson(res, 200, history.has(id) ? { [id]: history.get(id) } : {});
      return sendJson(res, 200, Object.fromEntries(history));
    }
    if (req.method === 'GET' && path === '/view') {
      const png = images.get(url.searchParams.get('filename') ?? '');
      if (!png) return sendText(res, 404, '404: Not Found');
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        'content-disposition': `filename="${url.searchParams.get('filename')}"`,
      });
      return void res.end(png);
    }
    if (req.method === 'GET' && path === '/queue') {
      const item = (j: Job) => [j.number, j.id, j.graph, { client_id: j.clientId }, ['9']];
      return sendJson(res, 200, { queue_running: running ? [item(running)] : [], queue_pending: queue.map(item) });
    }
    if (req.method === 'POST' && path === '/queue') {
      // As ComfyUI: `delete` takes those prompts off the pending queue (a running one is /interrupt's),
      // `clear` empties it; the answer is an empty 200 (test/fixtures/comfyui/queue_post_delete.json).
      let body: { delete?: string[]; clear?: boolean };
      try {
        body = JSON.parse(await readText(req));
      } catch {
        return sendText(res, 500, '500 Internal Server Error\n\nServer got itself in trouble');
      }
      const drop = new Set(body.clear ? queue.map((j) => j.id) : (body.delete ?? []));
      for (let i = queue.length - 1; i >= 0; i--) if (drop.has(queue[i]?.id ?? '')) queue.splice(i, 1);
      broadcast(undefined, 'status', status());
      return sendText(res, 200, '');
    }
    if (req.method === 'POST' && path === '/interrupt') {
      await readText(req);
      if (running) running.interrupted = true;
      return sendText(res, 200, '');
    }
    if (req.method === 'GET' && path === '/system_stats') return sendJson(res, 200, SYSTEM_STATS);
    sendText(res, 404, '404: Not Found');
  }

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    if (silent()) return void socket.destroy();
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.replace(/^\/api(?=\/)/, '') !== '/ws') return socket.destroy();
    const clientId = url.searchParams.get('clientId') ?? randomUUID().replaceAll('-', '');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const set = sockets.get(clientId) ?? new Set();
      set.add(ws);
      sockets.set(clientId, set);
      ws.on('close', () => set.delete(ws));
      ws.send(JSON.stringify({ type: 'status', data: { ...status(), sid: clientId } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    faults,
    drawMs,
    runMs,
    get modelLoaded() {
      return modelLoaded;
    },
    restart,
    stop: async () => {
      for (const set of sockets.values()) for (const ws of set) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
