import { CHECKPOINT_NAME, MODEL_STEPS } from '../shared/constants';
import type { ComfyGraph } from './comfyui-protocol';

/**
 * The FLUX.1-schnell API graph of spec section 7, node for node as ComfyUI accepted it (see
 * test/fixtures/comfyui/workflow_flux_schnell_api.json). Links are `["<node id>", slot]`
 * with string ids: ComfyUI rejects integer ids (prompt_post_integer_link_ids.json).
 */
export const OUTPUT_NODE = '9';
export const SAMPLER_NODE = '31';
/** ComfyUI's seed input is an unsigned 64-bit int; we stay inside JS's safe integers. */
export const MAX_SEED = 2 ** 53 - 1;

export interface GraphRequest {
  prompt: string;
  width: number;
  height: number;
  seed: number;
}

export function buildFluxGraph({ prompt, width, height, seed }: GraphRequest): ComfyGraph {
  return {
    '6': {
      inputs: { text: prompt, clip: ['30', 1] },
      class_type: 'CLIPTextEncode',
      _meta: { title: 'CLIP Text Encode (Positive Prompt)' },
    },
    '8': { inputs: { samples: ['31', 0], vae: ['30', 2] }, class_type: 'VAEDecode', _meta: { title: 'VAE Decode' } },
    '9': { inputs: { filename_prefix: 'flux', images: ['8', 0] }, class_type: 'SaveImage', _meta: { title: 'Save Image' } },
    '27': { inputs: { width, height, batch_size: 1 }, class_type: 'EmptySD3LatentImage', _meta: { title: 'EmptySD3LatentImage' } },
    '30': { inputs: { ckpt_name: CHECKPOINT_NAME }, class_type: 'CheckpointLoaderSimple', _meta: { title: 'Load Checkpoint' } },
    '31': {
      inputs: {
        seed,
        steps: MODEL_STEPS,
        cfg: 1.0,
        sampler_name: 'euler',
        scheduler: 'simple',
        denoise: 1.0,
        model: ['30', 0],
        positive: ['6', 0],
        negative: ['33', 0],
        latent_image: ['27', 0],
      },
      class_type: 'KSampler',
      _meta: { title: 'KSampler' },
    },
    '33': { inputs: { text: '', clip: ['30', 1] }, class_type: 'CLIPTextEncode', _meta: { title: 'CLIP Text Encode (Negative Prompt)' } },
  };
}

/** A fresh random seed per job (stored with the image so it can be reproduced). */
export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 2 ** 32) * 2 ** 21 + Math.floor(random() * 2 ** 21);
}
