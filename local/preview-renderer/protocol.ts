import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Graph } from './validate';

/** ComfyUI's answer shapes as recorded in test/fixtures/comfyui, for the preview renderer's server. */

export interface Job {
  id: string;
  number: number;
  graph: Graph;
  clientId?: string;
  interrupted: boolean;
}

/** GET /system_stats: ComfyUI's shape, saying plainly that no GPU is behind it. */
export const SYSTEM_STATS = {
  system: {
    os: process.platform,
    comfyui_version: 'preview-renderer',
    python_version: 'n/a',
    pytorch_version: 'n/a',
    embedded_python: false,
    argv: ['preview-renderer'],
  },
  devices: [
    {
      name: 'preview renderer (no GPU)',
      type: 'cpu',
      index: 0,
      vram_total: 0,
      vram_free: 0,
      torch_vram_total: 0,
      torch_vram_free: 0,
    },
  ],
};

/** One GET /history entry. */
export function historyEntry(job: Job, outputs: Record<string, unknown>, statusStr: 'success' | 'error', completed: boolean) {
  return {
    prompt: [job.number, job.id, job.graph, { client_id: job.clientId }, ['9']],
    outputs,
    status: { status_str: statusStr, completed, messages: [] },
    meta: {},
  };
}

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}
