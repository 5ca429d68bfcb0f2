/**
 * ComfyUI's protocol, as the adapter speaks it: the API graph format, and its websocket messages
 * mapped to the job's progress, one message at a time. Percent: 5 once
 * ComfyUI starts the prompt, 10..90 across the sampler's steps (progress value/max), 95 once the
 * output node has run. Messages about other prompts (ComfyUI broadcasts to the client id) are ignored.
 */
export type ComfyWsMessage = { type: string; data?: Record<string, unknown> };

export type ProgressEvent =
  | { kind: 'started'; percent: number }
  | { kind: 'progress'; percent: number; step: number; steps: number }
  | { kind: 'output'; percent: number; images: { filename: string; subfolder: string; type: string }[] }
  | { kind: 'success' }
  | { kind: 'error'; message: string; nodeType?: string; exceptionType?: string }
  | { kind: 'interrupted' };

export function mapComfyMessage(msg: ComfyWsMessage, promptId: string, outputNode: string): ProgressEvent | undefined {
  const data = msg.data ?? {};
  if (data.prompt_id !== promptId) return undefined;
  switch (msg.type) {
    case 'execution_start':
      return { kind: 'started', percent: 5 };
    case 'progress': {
      const value = Number(data.value);
      const max = Number(data.max);
      if (!(max > 0) || !Number.isFinite(value)) return undefined;
      const fraction = Math.min(1, Math.max(0, value / max));
      return { kind: 'progress', percent: Math.round(10 + 80 * fraction), step: value, steps: max };
    }
    case 'executed': {
      if (data.node !== outputNode) return undefined;
      const output = data.output as { images?: { filename: string; subfolder: string; type: string }[] } | undefined;
      return { kind: 'output', percent: 95, images: output?.images ?? [] };
    }
    case 'execution_success':
      return { kind: 'success' };
    case 'execution_error':
      return {
        kind: 'error',
        message: String(data.exception_message ?? 'ComfyUI failed to run the graph.').trim(),
        nodeType: data.node_type as string | undefined,
        exceptionType: data.exception_type as string | undefined,
      };
    case 'execution_interrupted':
      return { kind: 'interrupted' };
    default:
      return undefined;
  }
}

/** A graph in ComfyUI's API format (POST /prompt): node id → class and inputs. */
export type ComfyGraph = Record<string, { inputs: Record<string, unknown>; class_type: string; _meta: { title: string } }>;
