/**
 * Variants (issue 32 item 1): one POST /api/generate asks for `count` pictures of one prompt and ratio.
 * One job, one flow, one quota unit per picture; the worker queues them to ComfyUI one prompt each,
 * submitted together, so the first picture shows after about one picture's time (measured on an H200 with
 * the real ComfyUI: four queued back to back 3.7–4.2 s, the first after ≈ 1 s; one batch of four
 * 2.9–3.2 s with nothing until all are done, and 24.4 GiB at 1024×1024, more than an L4 holds beside the
 * model: ../shared/tools/gpu-proof/README.md).
 */

/** The most pictures one job may ask for (the API's bound). */
export const MAX_VARIANTS = 4;

/** What the studio offers; its choice is remembered in the browser. */
export const VARIANT_CHOICES = [1, 2, 4] as const;

/**
 * The studio's first choice, before a visitor picks: one picture, so an hour's allowance lasts and the
 * first wait stays the shortest; a visitor who wants four picks 4 once and keeps it.
 */
export const DEFAULT_VARIANTS = 1;

/** The `count` of a job: records and flow messages from before variants carry none, and asked one. */
export const countOf = (job: { count?: number }): number => job.count ?? 1;

/**
 * The seed of picture `index` of a job: the job's seed (drawn, or a reused one) plus its index, so
 * 'Reuse seed' on any picture of a job remakes that picture, and the pictures of one job differ.
 */
export function variantSeed(jobSeed: number, index: number): number {
  return (jobSeed + index) % (Number.MAX_SAFE_INTEGER + 1);
}
