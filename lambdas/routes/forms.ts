import { MAX_UPLOAD_BYTES } from '../../shared/constants';
import type { RouteDef } from './types';

const multipart: RouteDef['grants'] = [
  'table:messages:write',
  'table:counters:write',
  'bucket:attachments:write',
  'ses:send',
  'idempotency',
];
/** A 2 MB screenshot plus the form's text fields and the multipart framing. */
const MULTIPART_MAX_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
const json: RouteDef['grants'] = ['table:messages:write', 'table:counters:write', 'ses:send', 'idempotency'];

export const formsRoutes: RouteDef[] = [
  // POST /api/Feedback
  { method: 'POST', path: '/api/Feedback', entry: 'handlers/forms/post-feedback.ts', maxBodyBytes: MULTIPART_MAX_BYTES, grants: multipart },
  // POST /api/UserFeedback (the spec's other reading of the feedback path; same handler)
  {
    method: 'POST',
    path: '/api/UserFeedback',
    entry: 'handlers/forms/post-feedback.ts',
    maxBodyBytes: MULTIPART_MAX_BYTES,
    grants: multipart,
  },
  // POST /api/IssueReport
  {
    method: 'POST',
    path: '/api/IssueReport',
    entry: 'handlers/forms/post-issue-report.ts',
    maxBodyBytes: MULTIPART_MAX_BYTES,
    grants: multipart,
  },
  // POST /api/contact
  { method: 'POST', path: '/api/contact', entry: 'handlers/forms/post-contact.ts', grants: json },
  // POST /api/newsletter/subscribe
  { method: 'POST', path: '/api/newsletter/subscribe', entry: 'handlers/forms/post-newsletter-subscribe.ts', grants: json },
];
