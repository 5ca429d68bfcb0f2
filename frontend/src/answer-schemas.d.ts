declare module 'virtual:answer-schemas' {
  import type { JsonSchema } from './lib/answer-check';
  /** Generated from the shared zod schemas by frontend/build/virtual-modules.ts (`answerSchemas`). */
  export const galleryImage: JsonSchema;
  export const galleryImageList: JsonSchema;
  export const collectionOverviewList: JsonSchema;
  export const categoryMetadata: JsonSchema;
  export const searchResponse: JsonSchema;
  export const shareResponse: JsonSchema;
  export const jobStatusResponse: JsonSchema;
  export const generateAccepted: JsonSchema;
  export const quotaResponse: JsonSchema;
  /** shared/schemas/generation.ts's messages. */
  export const GENERIC_GENERATION_ERROR: string;
  export const GENERATION_SUCCESS: string;
}
