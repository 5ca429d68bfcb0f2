import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CSP_MAX_LENGTH, contentSecurityPolicy, inlineScriptHashes } from '../../../infra/lib/csp';
import { synthStack } from '../../fixtures/stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON
type Json = any;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const INDEX = join(ROOT, 'frontend/dist/index.html');

/** The inline scripts' text, found without the code under test's regex: between each `<script>` (no src) and its `</script>`. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (let at = html.indexOf('<script'); at !== -1; at = html.indexOf('<script', at + 1)) {
    const open = html.indexOf('>', at);
    const tag = html.slice(at, open + 1);
    const close = html.indexOf('</script>', open);
    if (!tag.includes(' src=')) found.push(html.slice(open + 1, close));
  }
  return found.filter((s) => s.length > 0);
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('content security policy', () => {
  let html: string;
  let csp: string;
  let headers: Json;
  beforeAll(() => {
    // The prerendered page is what CloudFront serves; the policy is computed from it at synth.
    if (!existsSync(INDEX)) execSync('npm run build:web --silent', { cwd: ROOT, stdio: 'inherit' });
    html = readFileSync(INDEX, 'utf8');
    const { template } = synthStack('Csp');
    const [policy] = Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy')) as Json[];
    csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
  }, 120_000);

  it('sends the other security headers: no framing at all, HSTS for a year with subdomains, nosniff, a strict referrer', () => {
    // DENY, not SAMEORIGIN: no page of ours frames another (clickjacking of the studio and the console).
    expect(headers.FrameOptions).toEqual({ Override: true, FrameOption: 'DENY' });
    expect(headers.StrictTransportSecurity).toEqual({
      Override: true,
      AccessControlMaxAgeSec: 31536000,
      IncludeSubdomains: true,
      Preload: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.ReferrerPolicy).toEqual({ Override: true, ReferrerPolicy: 'strict-origin-when-cross-origin' });
  });

  it('admits every inline script of the built index.html by its hash, and no other inline script', () => {
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThanOrEqual(2); // React's streaming bootstrap ($RT, $RB/$RV)
    const scriptSrc = /script-src ([^;]*);/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc.slice(1).sort()).toEqual([...new Set(scripts.map(sha256))].sort());
  });

  it("hashes inline scripts only (not src= ones) and keeps the policy within CloudFront's length limit", () => {
    const page = '<script src="/a.js"></script><script>alert(1)</script><script type="module">x()</script><script>alert(1)</script>';
    expect(inlineScriptHashes(page)).toEqual([sha256('alert(1)'), sha256('x()')]);
    expect(inlineScriptHashes(null)).toEqual([]);
    expect(() => contentSecurityPolicy(Array(40).fill(sha256('x')), [])).toThrow(String(CSP_MAX_LENGTH));
  });
});
