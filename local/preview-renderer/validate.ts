/**
 * ComfyUI's prompt validation for the node classes the FLUX graph uses, answering with ComfyUI's
 * own error shapes (see test/fixtures/comfyui/prompt_post_error_*.json).
 */
type Spec = { type: 'INT' | 'FLOAT' | 'STRING' | 'LIST' | 'LINK'; min?: number; max?: number; options?: () => string[] };

const SAMPLERS = ['euler', 'euler_ancestral', 'heun', 'dpmpp_2m', 'dpmpp_sde', 'ddim', 'uni_pc'];
const SCHEDULERS = ['simple', 'normal', 'karras', 'exponential', 'sgm_uniform', 'beta'];

function nodeSpecs(checkpoints: () => string[]): Record<string, { inputs: Record<string, Spec>; output?: boolean }> {
  return {
    CheckpointLoaderSimple: { inputs: { ckpt_name: { type: 'LIST', options: checkpoints } } },
    CLIPTextEncode: { inputs: { text: { type: 'STRING' }, clip: { type: 'LINK' } } },
    EmptySD3LatentImage: {
      inputs: {
        width: { type: 'INT', min: 16, max: 16384 },
        height: { type: 'INT', min: 16, max: 16384 },
        batch_size: { type: 'INT', min: 1, max: 4096 },
      },
    },
    KSampler: {
      inputs: {
        model: { type: 'LINK' },
        seed: { type: 'INT', min: 0, max: 2 ** 64 - 1 },
        steps: { type: 'INT', min: 1, max: 10000 },
        cfg: { type: 'FLOAT', min: 0, max: 100 },
        sampler_name: { type: 'LIST', options: () => SAMPLERS },
        scheduler: { type: 'LIST', options: () => SCHEDULERS },
        positive: { type: 'LINK' },
        negative: { type: 'LINK' },
        latent_image: { type: 'LINK' },
        denoise: { type: 'FLOAT', min: 0, max: 1 },
      },
    },
    VAEDecode: { inputs: { samples: { type: 'LINK' }, vae: { type: 'LINK' } } },
    SaveImage: { inputs: { images: { type: 'LINK' }, filename_prefix: { type: 'STRING' } }, output: true },
  };
}

export type Graph = Record<string, { class_type?: string; inputs?: Record<string, unknown> }>;
export type ValidationAnswer = { ok: true; outputs: string[] } | { ok: false; status: 400; body: unknown };

const errorBody = (type: string, message: string, details = '', nodeErrors: Record<string, unknown> = {}) => ({
  error: { type, message, details, extra_info: {} },
  node_errors: nodeErrors,
});

export function validateGraph(graph: Graph, checkpoints: () => string[]): ValidationAnswer {
  const specs = nodeSpecs(checkpoints);
  for (const [id, node] of Object.entries(graph)) {
    if (!node?.class_type || !specs[node.class_type]) {
      return {
        ok: false,
        status: 400,
        body: errorBody(
          'invalid_prompt',
          `Cannot execute because node ${node?.class_type ?? 'undefined'} does not exist.`,
          `Node ID '#${id}'`,
        ),
      };
    }
  }
  const outputs = Object.entries(graph)
    .filter(([, n]) => specs[n.class_type as string]?.output)
    .map(([id]) => id);
  if (!outputs.length) return { ok: false, status: 400, body: errorBody('prompt_no_outputs', 'Prompt has no outputs') };

  const nodeErrors: Record<string, unknown> = {};
  for (const [id, node] of Object.entries(graph)) {
    const spec = specs[node.class_type as string];
    if (!spec) continue;
    const errors: unknown[] = [];
    for (const [name, input] of Object.entries(spec.inputs)) {
      const value = node.inputs?.[name];
      if (value === undefined) {
        errors.push({
          type: 'required_input_missing',
          message: 'Required input is missing',
          details: name,
          extra_info: { input_name: name },
        });
        continue;
      }
      if (input.type === 'LINK') {
        const link = value as unknown[];
        // ComfyUI looks the linked node up by string id: integer ids fail with a KeyError.
        if (!Array.isArray(link) || typeof link[0] !== 'string' || !graph[link[0]]) {
          errors.push({
            type: 'exception_during_validation',
            message: 'Exception when validating node',
            details: String(Array.isArray(link) ? link[0] : value),
            extra_info: { exception_type: 'KeyError', traceback: [] },
          });
        }
        continue;
      }
      if (input.type === 'INT' || input.type === 'FLOAT') {
        const n = typeof value === 'number' ? value : Number(value);
        if (!Number.isFinite(n) || (input.type === 'INT' && typeof value === 'string' && !/^-?\d+$/.test(value))) {
          errors.push({
            type: 'invalid_input_type',
            message: `Failed to convert an input value to a ${input.type} value`,
            details: `${name}, ${String(value)}`,
            extra_info: { input_name: name, received_value: value },
          });
        } else if (input.min !== undefined && n < input.min) {
          errors.push({
            type: 'value_smaller_than_min',
            message: `Value ${n} smaller than min of ${input.min}`,
            details: name,
            extra_info: { input_name: name, received_value: value },
          });
        } else if (input.max !== undefined && n > input.max) {
          errors.push({
            type: 'value_bigger_than_max',
            message: `Value ${n} bigger than max of ${input.max}`,
            details: name,
            extra_info: { input_name: name, received_value: value },
          });
        }
        continue;
      }
      if (input.type === 'LIST') {
        const options = input.options?.() ?? [];
        if (!options.includes(String(value))) {
          errors.push({
            type: 'value_not_in_list',
            message: 'Value not in list',
            details: `${name}: '${String(value)}' not in ${JSON.stringify(options).replaceAll('"', "'")}`,
            extra_info: { input_name: name, received_value: value },
          });
        }
      }
    }
    if (errors.length) nodeErrors[id] = { errors, dependent_outputs: outputs, class_type: node.class_type };
  }
  if (Object.keys(nodeErrors).length) {
    return {
      ok: false,
      status: 400,
      body: errorBody('prompt_outputs_failed_validation', 'Prompt outputs failed validation', '', nodeErrors),
    };
  }
  return { ok: true, outputs };
}
