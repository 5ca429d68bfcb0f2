import * as json from 'virtual:answer-schemas';
import type { CollectionOverview, GalleryImage, SearchResponse, ShareResponse } from '@shared/schemas/gallery';
import type { JobStatusResponse } from '@shared/schemas/generation';
import type { QuotaResponse } from '@shared/schemas/safety';
import { answerSchema } from './answer-check';

/*
 * The shared schemas of the API's answers, compiled at build time (answer-check.ts): what the
 * browser parses answers with. Named as in shared/schemas, so a caller reads the same either way.
 */
export const galleryImageSchema = answerSchema<GalleryImage>(json.galleryImage);
export const galleryImageListSchema = answerSchema<GalleryImage[]>(json.galleryImageList);
export const collectionOverviewListSchema = answerSchema<CollectionOverview[]>(json.collectionOverviewList);
export const categoryMetadataSchema = answerSchema<{ lastUpdated: string }>(json.categoryMetadata);
export const searchResponseSchema = answerSchema<SearchResponse>(json.searchResponse);
export const shareResponseSchema = answerSchema<ShareResponse>(json.shareResponse);
export const jobStatusResponseSchema = answerSchema<JobStatusResponse>(json.jobStatusResponse);
export const generateAcceptedSchema = answerSchema<{ jobId: string }>(json.generateAccepted);
export const quotaResponseSchema = answerSchema<QuotaResponse>(json.quotaResponse);
export { GENERATION_SUCCESS, GENERIC_GENERATION_ERROR } from 'virtual:answer-schemas';
export { toClientImage } from '@shared/client-image';
