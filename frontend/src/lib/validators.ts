/**
 * The shared zod schemas, loaded on first use in their own chunk: zod is ~25 kB gzip and the
 * first paint needs none of it (docs/frontend.md, 'Bundle').
 */
export function loadGallerySchemas() {
  return import('@shared/schemas/gallery');
}

export function loadGenerationSchemas() {
  return import('@shared/schemas/generation');
}
