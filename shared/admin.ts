/**
 * The operator's side, one definition each (zod-free, so the browser's admin chunk and the
 * infrastructure can import it cheaply).
 */

/** Cognito group (and the local provider's `cognito:groups` claim) whose members are operators. */
export const OPERATORS_GROUP = 'admins';
/**
 * Kinds of message the inbox lists, each with its label (the forms store them; a new kind is one
 * line here). The messages table lists each kind newest first on its own index partition.
 */
export const INBOX_KIND_LABELS = {
  feedback: 'Feedback',
  issue: 'Issue reports',
  contact: 'Contact',
  newsletter: 'Newsletter signups',
  image_report: 'Picture reports',
};
export type InboxKind = keyof typeof INBOX_KIND_LABELS;
export const INBOX_KINDS = Object.keys(INBOX_KIND_LABELS) as [InboxKind, ...InboxKind[]];
export const INBOX_STATES = ['open', 'handled'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** What the audit log records. */
export const AUDIT_ACTIONS = [
  'generate',
  'import',
  'hide',
  'unhide',
  'delete',
  'feature',
  'unfeature',
  'move',
  'keep',
  'ad-create',
  'ad-update',
  'ad-delete',
  'message-handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Page size of the console's lists. */
export const ADMIN_PAGE_SIZE = 25;
