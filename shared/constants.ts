/**
 * Business constants of the product spec, section 9. One definition each, used by the
 * browser, the Lambdas, the local runtime and the infrastructure alike.
 */

export const PRODUCT_NAME = 'Artloom';

/** Generation model as stored with every image (spec: flux_schnell, version 1.0, 4 steps). */
export const MODEL_NAME = 'flux_schnell';
export const MODEL_VERSION = '1.0';
export const MODEL_STEPS = 4;
export const CHECKPOINT_NAME = 'flux1-schnell-fp8.safetensors';

/**
 * What drew a picture, recorded per image: ComfyUI running the model on a GPU, or the local preview
 * renderer (a deterministic drawing, no model at all). `modelName` stays the gallery key the job
 * asked for; the renderer is what the picture page, its link preview and the XMP name.
 */
export const RENDERERS = ['comfyui', 'preview'] as const;
export type Renderer = (typeof RENDERERS)[number];
const RENDERER_LABEL: Record<Renderer, string> = {
  comfyui: 'FLUX.1-schnell',
  preview: 'Artloom preview renderer (no GPU, no AI)',
};
/** The name of what drew an image; records from before the field was kept were drawn by ComfyUI. */
export const drawnBy = (image: { renderer?: Renderer | undefined }): string => RENDERER_LABEL[image.renderer ?? 'comfyui'];
/** Category of an ordinary visitor's save. */
export const DEFAULT_CATEGORY = 'default';

/**
 * Jobs one GPU worker serves at once: one running, the rest held by the worker (their task
 * heartbeats kept fresh) until their turn. EnsureCapacity dispatches a job only into a free slot
 * and grows the fleet by one worker per this many jobs (GEN_JOBS_PER_WORKER overrides it).
 */
export const JOBS_PER_WORKER = 4;
/** The owner value of operator-curated (featured and category) images. */
export const ADMIN_USER = 'admin';
export const VISITOR_USER = 'user';

export const PAGE_SIZE = {
  /** Generator lists ('My AI Creations', featured). */
  generator: 25,
  /** Category pages page the cached full list locally. */
  category: 20,
} as const;

/**
 * Largest `take` the list APIs accept. The spec never asks for more than 25; 100 keeps a
 * response under ~40 kB and one DynamoDB Query page, while leaving room for our own clients.
 */
export const MAX_TAKE = 100;

/** Largest `skip` the offset-paged lists accept (a deeper page should use the cursor). */
export const MAX_SKIP = 100_000;

/** Longest prompt the server accepts; FLUX's T5 encoder reads ~512 tokens, ~1000 characters covers it. */
export const MAX_PROMPT_LENGTH = 1000;

/** The status poll's pace; a poll ends on a terminal status (or the visitor leaving), not after a count. */
export const POLLING = { intervalMs: 500 } as const;

export const TIMINGS = {
  /** Success toast after generation completes. */
  successToastDelayMs: 1500,
  promptErrorToastMs: 3000,
  formToastMs: 4000,
  contactToastMs: 3000,
  /** The 'Uploading screenshot...' note after picking a valid file. */
  fakeUploadMs: 1000,
  lightboxFocusDelayMs: 100,
  infiniteScrollDebounceMs: 100,
  adCountdownSeconds: 5,
} as const;

export const TOAST_DEFAULTS = {
  position: 'bottom-right',
  autoClose: 3000,
  preventDuplicates: true,
  closeButton: true,
} as const;

export const ADS = {
  /** Every Nth lightbox navigation opens the ad popup (Space uses 5, see categories). */
  popupEvery: 15,
  gridTop: 2,
  gridBottom: 2,
  /** Popup shows 1 ad below this width, 2 at or above it. */
  popupTwoAdsMinWidth: 768,
  displayWidth: 300,
  displayHeight: 250,
  defaultAltText: 'Sponsored Ad',
  /** An impression: at least this share of the ad in view (the common industry definition)… */
  impressionVisibleShare: 0.5,
  /** …for this long without a break (ms); counted once per ad per page view. */
  impressionVisibleMs: 1000,
  /** Days of per-ad daily counts the Ads tab shows (and the sponsor's CSV holds). */
  statsDays: 30,
  /** How long a day's counts are kept (the counters table's TTL), in days: a sponsor's year and then some. */
  statsKeepDays: 400,
  /** A click on an ad whose end date has passed still redirects (and counts) for this many days: a page opened before it ended. */
  clickGraceDays: 1,
} as const;

export const SCROLL = {
  infiniteScrollPx: 200,
  backToTopGenerator: 400,
  backToTopCollections: 300,
  navbarColourChange: 500,
} as const;

export const BREAKPOINTS = {
  /** Masonry: 2 columns at or below, 5 above. */
  masonryTwoColumns: 992,
  /** Masonry: 1 column at or below. */
  masonryOneColumn: 576,
  footerTwoColumns: 768,
  footerOneColumn: 400,
  mobile: 768,
} as const;

export const MASONRY_COLUMNS = { wide: 5, medium: 2, narrow: 1 } as const;

/** Upload limit for screenshots and videos: 2 MB exactly as the spec computes it. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const RATING = { min: 1, max: 5 } as const;

/** Minimum visitor age, per the privacy policy. */
export const MINIMUM_AGE = 13;

/** Browser storage keys (spec section 3). Category keys live in the categories table. */
export const STORAGE_KEYS = {
  userId: 'photos_user_id',
  imageMetadata: 'imageMetadata',
  adminImageMetadata: 'adminImageMetadata',
} as const;

/**
 * How long a shared picture's public copy may be cached (CloudFront and browsers) after 'Stop sharing'
 * deletes it: short instead of immutable, so no CDN invalidation is needed (docs/privacy.md); the
 * privacy page states it.
 */
export const SHARED_COPY_MAX_AGE_SECONDS = 300;

/**
 * How long CloudFront may keep a public gallery list (GET /api/gallery/category/all and
 * /api/gallery/categories) before asking the API again; browsers revalidate on every use. Each list
 * carries an ETag made of its categories' `lastUpdated` (which moves on every add, hide or delete),
 * so CloudFront's revalidation is answered `304` while nothing changed, and a change (a hidden
 * picture included) reaches visitors within this long (docs/scale.md).
 */
export const PUBLIC_LIST_EDGE_SECONDS = 60;
