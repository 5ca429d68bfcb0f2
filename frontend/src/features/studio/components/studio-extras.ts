/** The studio's options and a job's pictures: one chunk, loaded when the visitor turns to the studio (studio.tsx). */
export { StudioOptions } from './studio-options';
export { VariantGrid } from './variant-grid';
