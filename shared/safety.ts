/**
 * Safety constants shared by the API and the browser (docs/safety.md). Plain values, no zod, so the
 * studio's first chunks can use them; the schemas are in schemas/safety.ts.
 */

/** Error code of a prompt the screening refuses (POST /api/generate, 422). */
export const PROMPT_REFUSED = 'prompt_refused';
/** Every refusal starts with this, then says what was found (docs/safety.md). */
export const PROMPT_REFUSED_PREFIX = 'This prompt asks for something our use policy does not allow:';

/**
 * What a refused prompt was refused for; the plain words shown to the visitor. The use-policy page
 * lists the same kinds, so the two never drift apart.
 */
export const REFUSAL_KINDS = {
  sexual: 'sexual content',
  minors: 'children or teenagers in a sexual context',
  violence: 'gore or graphic violence',
  self_harm: 'suicide or self-harm',
  hate: 'hate against a group of people',
  slur: 'slurs or hateful words',
  real_person: 'a real person shown in a sexual or violent way',
  profanity: 'profanity',
  blocked: 'a term the site does not allow',
} as const;
export type RefusalKind = keyof typeof REFUSAL_KINDS;
/**
 * Kinds whose refusal never repeats the prompt's words back: a slur or a hateful phrase would be
 * quoted to the visitor (and into logs and screenshots), and an age beside a sexual word reads worse
 * quoted than named.
 */
export const REFUSAL_KINDS_UNQUOTED: readonly RefusalKind[] = ['slur', 'hate', 'minors'];

/** POST /api/reports: the reasons a visitor can pick, each with its label, in the order the form lists them. */
export const REPORT_REASON_LABELS = {
  sexual: 'Sexual or nude content',
  violent: 'Violence or gore',
  hateful: 'Hateful or harassing',
  minor: 'Involves a minor',
  copyright: 'Copyright or a real person',
  spam: 'Spam or advertising',
  other: 'Something else',
};
export type ReportReason = keyof typeof REPORT_REASON_LABELS;
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];
/**
 * Reasons that alert the operator at once (an URGENT email) and hide a visitor's shared picture at a
 * lower count of distinct reporters (REPORT_HIDE_THRESHOLD_SEVERE), or a picture the image check
 * flagged at the first report: a picture of a minor left up for a day costs far more than a good
 * picture hidden until the operator's Keep, and hiding stays reversible (docs/safety.md).
 */
export const REPORT_HIGH_SEVERITY: readonly ReportReason[] = ['minor'];
/** Who hid a picture when reports did (the record's hiddenBy): a visitor's picture so hidden stays in its author's own gallery. */
export const REPORTS_ACTOR = 'reports';
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_SUCCESS = 'Thank you. The picture was reported and will be reviewed.';
/** The messages-table kind of a stored report (the operator inbox lists it with the other kinds). */
export const IMAGE_REPORT_TYPE = 'image_report';

/**
 * The layers that screen a prompt, in the order they run, each with the words a refusal uses to say
 * which one refused ("… — found by the word screen. Please rephrase it."). /api/health names them.
 */
export const SCREENING_LAYERS = {
  words: 'the word screen',
  model: 'the text classifier on this server',
  guardrail: 'the meaning check (Amazon Bedrock Guardrails)',
} as const;
export type ScreeningLayer = keyof typeof SCREENING_LAYERS;

/** The guardrail's denied topic (its name appears in refusals: “the topic …”). */
export const MINORS_TOPIC = 'Minors in a sexual context';
/** What the guardrail itself answers when it blocks (the site builds its own refusal from the assessment). */
export const GUARDRAIL_BLOCKED_MESSAGE = 'This prompt asks for something our use policy does not allow.';
