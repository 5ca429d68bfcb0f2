// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneration } from '../../../frontend/src/features/studio/hooks/use-generation';
import {
  hasPreset,
  jobCount,
  jobImages,
  readVariantCount,
  rememberVariantCount,
  STYLE_PRESETS,
  togglePreset,
} from '../../../frontend/src/features/studio/variants';
import { saveConsent, VARIANTS_KEY } from '../../../frontend/src/lib/consent';
import { notify } from '../../../frontend/src/lib/notify';
import { MAX_PROMPT_LENGTH } from '../../../shared/constants';
import type { GalleryImage } from '../../../shared/schemas/gallery';
import { jobStatusResponseSchema } from '../../../shared/schemas/generation';
import { DEFAULT_VARIANTS, VARIANT_CHOICES } from '../../../shared/variants';
import { withCleanStorage } from './clean-storage';

const picture = (id: string, seed: number): GalleryImage => ({
  id,
  fileName: `${id}.png`,
  prompt: 'A lighthouse at dusk over the sea',
  createdAt: '2026-11-28T06:00:00.000Z',
  url: `/files/generated/${id}.png`,
  thumbnailUrl: `/files/thumbnails/${id}.webp`,
  aspectRatio: '1:1',
  modelName: 'preview',
  category: 'ai',
  width: 1024,
  height: 1024,
  seed,
});

withCleanStorage();

describe('style presets', () => {
  const [photo, cinematic] = STYLE_PRESETS as [(typeof STYLE_PRESETS)[number], (typeof STYLE_PRESETS)[number]];

  it('append a visible phrase after the prompt, and take exactly it out again', () => {
    const prompt = 'A fox in the snow';
    const styled = togglePreset(prompt, cinematic);
    expect(styled).toBe(`A fox in the snow, ${cinematic.phrase}`);
    expect(hasPreset(styled ?? '', cinematic)).toBe(true);
    const both = togglePreset(styled ?? '', photo);
    expect(both).toBe(`A fox in the snow, ${cinematic.phrase}, ${photo.phrase}`);
    expect(togglePreset(both ?? '', cinematic)).toBe(`A fox in the snow, ${photo.phrase}`);
    expect(togglePreset(togglePreset(both ?? '', cinematic) ?? '', photo)).toBe(prompt);
  });

  it('start an empty prompt without a separator, and do not double a trailing comma', () => {
    expect(togglePreset('', photo)).toBe(photo.phrase);
    expect(togglePreset(photo.phrase, photo)).toBe('');
    expect(togglePreset('A fox, ', photo)).toBe(`A fox, ${photo.phrase}`);
  });

  it('refuse to pass the prompt limit', () => {
    const long = 'a'.repeat(MAX_PROMPT_LENGTH - 5);
    expect(togglePreset(long, photo)).toBeUndefined();
    expect(togglePreset('a'.repeat(MAX_PROMPT_LENGTH - photo.phrase.length - 2), photo)?.length).toBe(MAX_PROMPT_LENGTH);
  });

  it('are five or six, each with its own label and phrase', () => {
    expect(STYLE_PRESETS.length).toBeGreaterThanOrEqual(5);
    expect(STYLE_PRESETS.length).toBeLessThanOrEqual(6);
    expect(new Set(STYLE_PRESETS.map((p) => p.phrase)).size).toBe(STYLE_PRESETS.length);
  });
});

describe('the remembered number of pictures', () => {
  it('starts at the default and keeps a choice only with functionality consent', () => {
    expect(readVariantCount()).toBe(DEFAULT_VARIANTS);
    rememberVariantCount(4);
    expect(readVariantCount()).toBe(DEFAULT_VARIANTS);
    saveConsent({ functionality: true, analytics: false, advertising: false });
    rememberVariantCount(4);
    expect(readVariantCount()).toBe(4);
    // Refusing it later removes the choice with the other functionality keys.
    saveConsent({ functionality: false, analytics: false, advertising: false });
    expect(localStorage.getItem(VARIANTS_KEY)).toBeNull();
    expect(readVariantCount()).toBe(DEFAULT_VARIANTS);
  });

  it('ignores a stored value the studio does not offer', () => {
    for (const bad of ['3', '5', '0', 'four', '']) {
      localStorage.setItem(VARIANTS_KEY, bad);
      expect(readVariantCount()).toBe(DEFAULT_VARIANTS);
    }
    for (const n of VARIANT_CHOICES) {
      localStorage.setItem(VARIANTS_KEY, String(n));
      expect(readVariantCount()).toBe(n);
    }
  });
});

describe("a job's pictures", () => {
  it('are its images, else its one image (an API before variants), else none', () => {
    const [a, b] = [picture('a', 7), picture('b', 8)];
    expect(jobImages({ image: a, images: [a, b] })).toEqual([a, b]);
    expect(jobImages({ image: a })).toEqual([a]);
    expect(jobImages({})).toEqual([]);
    expect(jobCount({ jobId: 'j', count: 4 }, 2)).toBe(4);
    expect(jobCount({ jobId: 'j' }, 2)).toBe(2);
  });
});

describe('useGeneration with variants', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  // The browser checks answers with the shared schema, which keeps `images` once the API side of variants has landed
  // (branch h-var-api); before, it drops them and the studio falls back to `image` (the test above).
  const apiHasImages = 'images' in jobStatusResponseSchema.shape;
  it.runIf(apiHasImages)('asks for the count, shows each picture as it arrives, and hands all of them over in order', async () => {
    // Prepare: the API answers the POST; the job's statuses are pushed one by one, as a test steps them.
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(String(init.body));
        return new Response(JSON.stringify({ jobId: 'job-4' }), { status: 202, headers: { 'content-type': 'application/json' } });
      }),
    );
    let push: (status: object) => void = () => {};
    vi.stubGlobal(
      'EventSource',
      class {
        constructor(readonly url: string) {}
        addEventListener(type: string, fn: EventListener) {
          if (type === 'status') push = (status) => fn(new MessageEvent('status', { data: JSON.stringify(status) }));
        }
        removeEventListener() {}
        close() {}
      },
    );
    const pictures = [picture('p0', 10), picture('p1', 11), picture('p2', 12), picture('p3', 13)];
    const status = (state: string, percent: number, n: number) => ({
      jobId: 'job-4',
      status: state,
      percent,
      message: state,
      count: 4,
      images: pictures.slice(0, n),
      ...(n ? { image: pictures[0] } : {}),
    });
    const onSuccess = vi.fn();
    const hook = renderHook(() => useGeneration(onSuccess, vi.fn()));
    // Act
    const running = hook.result.current.generate('A lighthouse at dusk over the sea', '1:1', undefined, 4);
    await waitFor(() => expect(hook.result.current.state.jobId).toBe('job-4'));
    await waitFor(() => expect(push).not.toBe(undefined));
    act(() => push(status('generating', 30, 1)));
    // Assess: the first picture shows while the others are made
    await waitFor(() => expect(hook.result.current.state.images?.map((i) => i.id)).toEqual(['p0']));
    expect(hook.result.current.state).toMatchObject({ busy: true, count: 4, percent: 30 });
    act(() => push(status('generating', 70, 3)));
    await waitFor(() => expect(hook.result.current.state.images).toHaveLength(3));
    expect(onSuccess).not.toHaveBeenCalled();
    act(() => push(status('done', 100, 4)));
    await running;
    expect(JSON.parse(posts[0] ?? '{}')).toMatchObject({ count: 4, aspectRatio: '1:1' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0]?.[0].map((i: { id: string; seed: number }) => [i.id, i.seed])).toEqual([
      ['p0', 10],
      ['p1', 11],
      ['p2', 12],
      ['p3', 13],
    ]);
  });

  it('sends no count for one picture (the API before variants knows none)', async () => {
    const posts: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') posts.push(String(init.body));
        return new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'No pictures left this hour.' } }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const hook = renderHook(() => useGeneration(vi.fn(), vi.fn()));
    await act(() => hook.result.current.generate('A lighthouse at dusk over the sea', '1:1'));
    expect(JSON.parse(posts[0] ?? '{}')).not.toHaveProperty('count');
  });
});
