import { adminListQuerySchema } from '../../../shared/schemas/gallery';
import { httpHandler, json } from '../../lib/http';
import { sampleFeatured } from '../../services/gallery';

// GET /api/gallery/admin/random?model&skip&take: a uniform random sample of min(take, n) featured
// images without repeats, O(take) reads. `skip` is accepted for the spec's clients and has no
// meaning for a fresh sample.
export const handler = httpHandler({ query: adminListQuerySchema }, async ({ query }) => json(200, await sampleFeatured(query.take)));
