import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS } from '../../../shared/ratios';
import { buildFluxGraph, MAX_SEED, OUTPUT_NODE, randomSeed, SAMPLER_NODE } from '../../../worker/generation-graph';

const FIXTURES = join(import.meta.dirname, '../../fixtures/comfyui');
const accepted = JSON.parse(readFileSync(`${FIXTURES}/workflow_flux_schnell_api.json`, 'utf8')) as Record<
  string,
  { inputs: Record<string, unknown> }
>;

describe('FLUX.1-schnell graph builder (spec section 7)', () => {
  it('builds, node for node, the graph ComfyUI accepted in the recording', () => {
    const graph = buildFluxGraph({ prompt: 'a photograph of a lighthouse at dusk', width: 1024, height: 768, seed: 42 });
    expect(JSON.parse(JSON.stringify(graph))).toEqual(accepted);
  });

  it('sets the spec values: checkpoint, empty negative, batch 1, 4 steps, cfg 1, euler, simple, denoise 1, output node 9', () => {
    const graph = buildFluxGraph({ prompt: 'A colorful sunset over the ocean', width: 1280, height: 720, seed: 7 });
    expect(graph['30']).toMatchObject({ class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux1-schnell-fp8.safetensors' } });
    expect(graph['6']).toMatchObject({
      class_type: 'CLIPTextEncode',
      inputs: { text: 'A colorful sunset over the ocean', clip: ['30', 1] },
    });
    expect(graph['33']).toMatchObject({ class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['30', 1] } });
    expect(graph['27']).toMatchObject({ class_type: 'EmptySD3LatentImage', inputs: { width: 1280, height: 720, batch_size: 1 } });
    expect(SAMPLER_NODE).toBe('31');
    // The spec's literal values, not the builder's constants: a changed constant must fail here.
    expect(graph['31']?.inputs).toMatchObject({ seed: 7, steps: 4, cfg: 1, sampler_name: 'euler', scheduler: 'simple', denoise: 1 });
    expect(graph['31']?.inputs).toMatchObject({ model: ['30', 0], positive: ['6', 0], negative: ['33', 0], latent_image: ['27', 0] });
    expect(OUTPUT_NODE).toBe('9');
    expect(graph['9']).toMatchObject({ class_type: 'SaveImage', inputs: { images: ['8', 0] } });
    expect(graph['8']).toMatchObject({ class_type: 'VAEDecode', inputs: { samples: ['31', 0], vae: ['30', 2] } });
  });

  it('links nodes with string ids (ComfyUI rejects integer ids)', () => {
    const graph = buildFluxGraph({ prompt: 'x y z', width: 1024, height: 1024, seed: 1 });
    for (const node of Object.values(graph))
      for (const value of Object.values(node.inputs))
        if (Array.isArray(value)) {
          expect(typeof value[0]).toBe('string');
          expect(graph[value[0] as string]).toBeDefined();
        }
  });

  it.each(ASPECT_RATIOS.map((r) => [r.label, r.value.width, r.value.height] as const))(
    '%s → %i x %i from the ratio table',
    (_label, width, height) => {
      const graph = buildFluxGraph({ prompt: 'p', width, height, seed: 1 });
      expect(graph['27']?.inputs).toEqual({ width, height, batch_size: 1 });
    },
  );

  it('draws a random, safe-integer seed per job', () => {
    const seeds = new Set(Array.from({ length: 200 }, () => randomSeed()));
    expect(seeds.size).toBe(200);
    for (const seed of seeds) {
      expect(Number.isSafeInteger(seed)).toBe(true);
      expect(seed).toBeGreaterThanOrEqual(0);
      expect(seed).toBeLessThanOrEqual(MAX_SEED);
    }
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999999)).toBeLessThanOrEqual(MAX_SEED);
  });
});
