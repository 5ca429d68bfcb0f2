/**
 * The shared schemas of the API's answers, loaded on first use in their own chunk: compiled from
 * the zod schemas at build time (answer-schemas.ts), ≈ 2 kB gzip where zod is ≈ 25 (issue 25;
 * docs/frontend.md, 'Budgets'). The forms' pages load zod itself with their own schemas.
 */
export function loadGallerySchemas() {
  return import('./answer-schemas');
}

export function loadGenerationSchemas() {
  return import('./answer-schemas');
}
