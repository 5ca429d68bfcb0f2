import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { ComfyError, runGraph } from '../../../worker/comfyui';
import type { ProgressEvent } from '../../../worker/comfyui-protocol';
import { buildFluxGraph, OUTPUT_NODE } from '../../../worker/generation-graph';

/**
 * The worker's ComfyUI client against ComfyUI's recorded answers: a small replay server speaks
 * HTTP and the websocket and answers with the fixture files' exact JSON.
 */
const FIXTURES = join(import.meta.dirname, '../../fixtures/comfyui');
const load = <T = Record<string, unknown>>(name: string) => JSON.parse(readFileSync(`${FIXTURES}/${name}`, 'utf8')) as T;
type Http = { status: number; body: unknown; headers?: Record<string, string> };
type WsRecording = { prompt_id: string; messages: { type?: string; data?: unknown; binary?: boolean }[] };

const PNG = readFileSync(`${FIXTURES}/output_sample_downscaled.png`);
const promptSuccess = load<Http>('prompt_post_success.json');
const cold = load<WsRecording>('ws_job_first_cold.json');
const execError = load<WsRecording & { post: Http }>('ws_job_execution_error.json');
const interrupted = load<WsRecording>('ws_job_interrupted.json');

interface Scenario {
  /** Answer to POST /prompt. */
  post: Http | { status: number; text: string };
  /** Messages sent on the websocket after the POST (the recording's order). */
  messages: WsRecording['messages'];
  /** Stop sending after this many messages (a ComfyUI that stalls). */
  stallAfter?: number;
}

let server: Server;
let baseUrl: string;
let scenario: Scenario;
const calls: { method: string; path: string; body: string }[] = [];
const sockets = new Map<string, import('ws').WebSocket>();

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readText(req);
    calls.push({ method: req.method ?? '', path: url.pathname + url.search, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/prompt') {
      const answer = scenario.post;
      if ('text' in answer) {
        res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(answer.text);
      } else json(answer.status, answer.body);
      if (answer.status === 200) {
        const clientId = (JSON.parse(body) as { client_id: string }).client_id;
        const ws = sockets.get(clientId);
        const messages = scenario.messages.filter((m) => !m.binary).slice(0, scenario.stallAfter);
        setTimeout(() => {
          for (const m of messages) ws?.send(JSON.stringify({ type: m.type, data: m.data }));
        }, 5);
      }
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/history/'))
      return json(200, load<Http>('history_prompt_after_completion.json').body);
    if (req.method === 'GET' && url.pathname === '/view') {
      if (url.searchParams.get('filename') !== 'flux_00001_.png' || url.searchParams.get('type') !== 'output') return json(404, {});
      const recorded = load<Http>('view_response.json').headers ?? {};
      res.writeHead(200, {
        'content-type': recorded['Content-Type'] ?? 'image/png',
        'content-disposition': recorded['Content-Disposition'] ?? '',
      });
      return void res.end(PNG);
    }
    if (req.method === 'POST' && url.pathname === '/interrupt') {
      res.writeHead(200);
      return void res.end('');
    }
    if (req.method === 'GET' && url.pathname === '/system_stats') return json(200, load<Http>('system_stats.json').body);
    json(404, {});
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws, req) => {
    const clientId = new URL(req.url ?? '/', 'http://x').searchParams.get('clientId') ?? '';
    sockets.set(clientId, ws);
    ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  calls.length = 0;
});

const graph = buildFluxGraph({ prompt: 'a photograph of a lighthouse at dusk', width: 1024, height: 768, seed: 42 });
/** Polls `check` on the event loop's turns (sockets proceed; fake timers stand still), for 5 s at most. */
async function turnsUntil(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('never true');
    await new Promise((r) => setImmediate(r));
  }
}
const run = (overrides: Partial<Parameters<typeof runGraph>[0]> = {}) =>
  runGraph({ baseUrl, graph, outputNode: OUTPUT_NODE, timeoutMs: 5_000, ...overrides });
const ack = (promptId: string): Http => ({ status: 200, body: { ...(promptSuccess.body as object), prompt_id: promptId } });
const failure = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ComfyError);
  return err as ComfyError;
};

describe('runGraph against recorded ComfyUI exchanges', () => {
  it('a recorded job: submits the graph with its client id, reports percent in order, fetches the PNG from /view', async () => {
    scenario = { post: promptSuccess, messages: cold.messages };
    const events: ProgressEvent[] = [];
    const result = await run({ onProgress: (e) => events.push(e) });
    expect(result.promptId).toBe('dde66b30-d949-4fac-85b5-a68c63ff304e');
    expect(result.png.equals(PNG)).toBe(true);
    expect(events.map((e) => ('percent' in e ? e.percent : e.kind))).toEqual([5, 30, 50, 70, 90, 95]);
    const submitted = JSON.parse(calls.find((c) => c.path === '/prompt')?.body ?? '{}') as { prompt: unknown; client_id: string };
    expect(submitted.prompt).toEqual(load('workflow_flux_schnell_api.json'));
    expect(sockets.has(submitted.client_id)).toBe(true);
    expect(calls.map((c) => c.path)).toEqual(['/prompt', '/view?filename=flux_00001_.png&subfolder=&type=output']);
  });

  it('node_errors (400) → rejected, naming the node and the field', async () => {
    scenario = { post: load<Http>('prompt_post_error_bad_ckpt_name.json'), messages: [] };
    const err = await failure(run());
    expect(err.kind).toBe('rejected');
    expect(err.message).toBe(
      "Prompt outputs failed validation: node 30 (CheckpointLoaderSimple): Value not in list - ckpt_name: 'does-not-exist.safetensors' not in ['flux1-schnell-fp8.safetensors']",
    );
  });

  it.each([
    ['prompt_post_error_missing_required_input.json', /node 31 \(KSampler\): Required input is missing/],
    ['prompt_post_error_value_below_min.json', /node 27 \(EmptySD3LatentImage\): Value \d+ smaller than min/],
    ['prompt_post_error_wrong_type.json', /node 31 \(KSampler\): .*steps/],
    ['prompt_post_error_unknown_class.json', /NoSuchNodeClass/],
    ['prompt_post_error_no_outputs.json', /output/i],
  ])('%s → rejected with ComfyUI’s reason', async (file, reason) => {
    scenario = { post: load<Http>(file), messages: [] };
    const err = await failure(run());
    expect(err.kind).toBe('rejected');
    expect(err.message).toMatch(reason);
  });

  it('a 500 to POST /prompt is not a rejection of the graph', async () => {
    const recorded = load<Http>('prompt_post_error_invalid_json.json');
    scenario = { post: { status: recorded.status, text: String(recorded.body) }, messages: [] };
    const err = await failure(run());
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/answered 500/);
  });

  it('execution_error → execution, with the node and the exception message', async () => {
    scenario = { post: execError.post, messages: execError.messages };
    const err = await failure(run());
    expect(err.kind).toBe('execution');
    expect(err.message).toBe('ComfyUI failed in KSampler: NotImplementedError: torchsde stand-in: SDE samplers are not available');
    expect(calls.some((c) => c.path.startsWith('/view'))).toBe(false);
  });

  it('execution_interrupted → interrupted', async () => {
    scenario = { post: ack(interrupted.prompt_id), messages: interrupted.messages };
    const events: ProgressEvent[] = [];
    const err = await failure(run({ onProgress: (e) => events.push(e) }));
    expect(err.kind).toBe('interrupted');
    expect(events.map((e) => ('percent' in e ? e.percent : 0))).toEqual([5, 17]); // 1 of 12 steps
  });

  it('unreachable: nothing listens', async () => {
    const err = await failure(runGraph({ baseUrl: 'http://127.0.0.1:9', graph, outputNode: OUTPUT_NODE, timeoutMs: 1_000 }));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('no output in time → timeout, and the prompt is interrupted', async () => {
    scenario = { post: promptSuccess, messages: cold.messages, stallAfter: 20 };
    const events: ProgressEvent[] = [];
    // The deadline runs on fake timers: the test moves time past it once the stalled job has shown
    // progress. (vi.waitFor would move the fake time itself: the waits below poll on I/O turns.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const answer = failure(run({ timeoutMs: 400, onProgress: (e) => events.push(e) })).finally(() => {
        settled = true;
      });
      // Two timers wait: the replay server's first messages and the client's deadline.
      await turnsUntil(() => vi.getTimerCount() === 2);
      await vi.advanceTimersByTimeAsync(5);
      await turnsUntil(() => events.length > 0);
      await vi.advanceTimersByTimeAsync(390);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(5);
      expect((await answer).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
    await expect.poll(() => calls.some((c) => c.method === 'POST' && c.path === '/interrupt')).toBe(true);
  });

  it('a cancel (abort signal) interrupts ComfyUI', async () => {
    scenario = { post: promptSuccess, messages: cold.messages, stallAfter: 20 };
    const abort = new AbortController();
    const promise = run({ signal: abort.signal, onProgress: () => abort.abort() });
    const err = await failure(promise);
    expect(err.kind).toBe('interrupted');
    await expect.poll(() => calls.some((c) => c.path === '/interrupt')).toBe(true);
  });

  it('a finished run lets go of its signal: a later stop of the job interrupts nothing (another prompt may be running)', async () => {
    scenario = { post: promptSuccess, messages: cold.messages };
    const abort = new AbortController();
    await run({ signal: abort.signal });
    abort.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === '/interrupt' || c.path === '/queue')).toEqual([]);
  });

  it('the replay server answers the recorded history and system stats', async () => {
    const history = (await (await fetch(`${baseUrl}/history/dde66b30-d949-4fac-85b5-a68c63ff304e`)).json()) as Record<
      string,
      { outputs: Record<string, unknown> }
    >;
    expect(history['dde66b30-d949-4fac-85b5-a68c63ff304e']?.outputs[OUTPUT_NODE]).toEqual({
      images: [{ filename: 'flux_00001_.png', subfolder: '', type: 'output' }],
    });
    expect(
      ((await (await fetch(`${baseUrl}/system_stats`)).json()) as { system: { comfyui_version: string } }).system.comfyui_version,
    ).toBe('0.3.64');
  });
});
