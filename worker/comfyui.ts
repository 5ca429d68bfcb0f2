import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { clock } from '../lambdas/lib/clock';
import { type ComfyGraph, type ComfyWsMessage, mapComfyMessage, type ProgressEvent } from './comfyui-protocol';

/**
 * ComfyUI's HTTP + websocket API as the recordings in test/fixtures/comfyui show it. The worker
 * opens `/ws?clientId=` first, then POSTs the graph with that client id, follows progress on the
 * socket (no /history polling) and fetches the output with `/view`.
 */
export class ComfyError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'rejected' | 'execution' | 'timeout' | 'interrupted',
    message: string,
  ) {
    super(message);
    this.name = 'ComfyError';
  }
}

export interface RunOptions {
  baseUrl: string;
  graph: ComfyGraph;
  outputNode: string;
  /** No output within this time → ComfyError('timeout') (and the prompt is interrupted). */
  timeoutMs: number;
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

export interface RunResult {
  promptId: string;
  png: Buffer;
  renderMs: number;
}

interface NodeError {
  class_type?: string;
  errors?: { message?: string; details?: string }[];
}

/** A short human reason from ComfyUI's 400 answer (error + node_errors). */
function describeRejection(body: unknown): string {
  const b = body as { error?: { message?: string; details?: string }; node_errors?: Record<string, NodeError> } | undefined;
  const parts: string[] = [];
  for (const [id, node] of Object.entries(b?.node_errors ?? {})) {
    for (const e of node.errors ?? [])
      parts.push(`node ${id} (${node.class_type ?? '?'}): ${e.message ?? 'error'}${e.details ? ` - ${e.details}` : ''}`);
  }
  const head = b?.error?.message ?? 'ComfyUI rejected the graph';
  return parts.length ? `${head}: ${parts.join('; ')}` : `${head}${b?.error?.details ? `: ${b.error.details}` : ''}`;
}

async function fetchOrUnreachable(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(10_000) });
  } catch (err) {
    throw new ComfyError('unreachable', `ComfyUI is unreachable at ${new URL(url).origin}: ${(err as Error).message}`);
  }
}

function openSocket(baseUrl: string, clientId: string): Promise<WebSocket> {
  const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    const fail = (err: Error) => reject(new ComfyError('unreachable', `ComfyUI websocket failed at ${wsUrl}: ${err.message}`));
    ws.once('open', () => {
      ws.off('error', fail);
      resolve(ws);
    });
    ws.once('error', fail);
  });
}

async function interrupt(baseUrl: string): Promise<void> {
  await fetchOrUnreachable(`${baseUrl}/interrupt`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
}

/** Takes a prompt that has not started off ComfyUI's queue (POST /queue {delete}; a running one is /interrupt's). */
async function deleteQueued(baseUrl: string, promptId: string): Promise<void> {
  await fetchOrUnreachable(`${baseUrl}/queue`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delete: [promptId] }),
  });
}

/**
 * Runs one graph to its output image. Several may run at once (a job's variants): ComfyUI queues them
 * and runs them one after another; a cancel interrupts the running one and deletes the queued ones.
 */
export async function runGraph(opts: RunOptions): Promise<RunResult> {
  const started = clock.now();
  const clientId = randomUUID();
  const ws = await openSocket(opts.baseUrl, clientId);
  try {
    // Messages can arrive before POST /prompt answers; keep them until the prompt id is known.
    const early: ComfyWsMessage[] = [];
    let onMessage: ((m: ComfyWsMessage) => void) | undefined;
    let socketClosed: ((err: Error) => void) | undefined;
    ws.on('message', (raw, isBinary) => {
      if (isBinary) return; // preview frames: not used
      let msg: ComfyWsMessage;
      try {
        msg = JSON.parse(raw.toString()) as ComfyWsMessage;
      } catch {
        return;
      }
      if (onMessage) onMessage(msg);
      else early.push(msg);
    });
    ws.on('close', () => socketClosed?.(new ComfyError('unreachable', 'ComfyUI closed the websocket before the image was ready.')));

    const res = await fetchOrUnreachable(`${opts.baseUrl}/prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: opts.graph, client_id: clientId }),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (res.status === 400) throw new ComfyError('rejected', describeRejection(body));
    if (!res.ok) throw new ComfyError('unreachable', `ComfyUI answered ${res.status} to POST /prompt: ${text.slice(0, 200)}`);
    const ack = body as { prompt_id?: string; node_errors?: Record<string, NodeError> };
    if (ack.node_errors && Object.keys(ack.node_errors).length) throw new ComfyError('rejected', describeRejection(ack));
    const promptId = ack.prompt_id;
    if (!promptId) throw new ComfyError('rejected', 'ComfyUI accepted the graph without a prompt id.');

    const image = await new Promise<{ filename: string; subfolder: string; type: string }>((resolve, reject) => {
      let output: { filename: string; subfolder: string; type: string } | undefined;
      const timer = setTimeout(() => {
        void interrupt(opts.baseUrl).catch(() => {});
        reject(new ComfyError('timeout', `ComfyUI gave no image within ${Math.round(opts.timeoutMs / 1000)} s.`));
      }, opts.timeoutMs);
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        // A run that ended lets go of the signal: a later stop of the job (a cancel, or another picture's
        // failure) must not interrupt what ComfyUI runs by then, which is not this prompt.
        opts.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const onAbort = () => {
        // Still queued behind another picture: off the queue, so it never runs; running: interrupted.
        void deleteQueued(opts.baseUrl, promptId).catch(() => {});
        void interrupt(opts.baseUrl).catch(() => {});
        finish(() => reject(new ComfyError('interrupted', 'The job was cancelled.')));
      };
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      socketClosed = (err) => finish(() => reject(err));
      onMessage = (msg) => {
        const event = mapComfyMessage(msg, promptId, opts.outputNode);
        if (!event) return;
        if (event.kind === 'output') output = event.images[0];
        if (event.kind === 'error') {
          return finish(() =>
            reject(
              new ComfyError(
                'execution',
                `ComfyUI failed in ${event.nodeType ?? 'a node'}: ${event.exceptionType ?? 'error'}: ${event.message}`,
              ),
            ),
          );
        }
        if (event.kind === 'interrupted') return finish(() => reject(new ComfyError('interrupted', 'ComfyUI interrupted the job.')));
        if (event.kind === 'success') {
          return finish(() =>
            output ? resolve(output) : reject(new ComfyError('execution', 'ComfyUI finished without an output image.')),
          );
        }
        opts.onProgress?.(event);
      };
      for (const msg of early.splice(0)) onMessage(msg);
    });

    const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
    const view = await fetchOrUnreachable(`${opts.baseUrl}/view?${query}`);
    if (!view.ok) throw new ComfyError('execution', `ComfyUI could not serve the output image (${view.status}).`);
    const png = Buffer.from(await view.arrayBuffer());
    return { promptId, png, renderMs: clock.now() - started };
  } finally {
    ws.removeAllListeners('close');
    ws.terminate();
  }
}
