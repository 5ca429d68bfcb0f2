import { createHash } from 'node:crypto';

/**
 * The 'sha256-…' source of every inline <script> in a page (its text exactly as served, hashed as
 * UTF-8, CSP Level 2): the prerendered index.html carries React's streaming bootstrap inline, and a
 * `script-src 'self'` without these hashes blocks it. Computed at synth from the built page, so a
 * rebuild that changes a script changes the policy with it.
 */
export function inlineScriptHashes(html: string | null): string[] {
  if (!html) return [];
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** CloudFront's limit on a response headers policy's Content-Security-Policy value (characters). */
export const CSP_MAX_LENGTH = 1783;

/** The site's policy: its own origin for everything, the inline scripts by hash, the sign-in origins for fetch. */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectOrigins: readonly string[]): string {
  const policy = [
    "default-src 'self'",
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  if (policy.length > CSP_MAX_LENGTH) {
    throw new Error(`The content security policy is ${policy.length} characters; CloudFront takes ${CSP_MAX_LENGTH} at most.`);
  }
  return policy;
}
