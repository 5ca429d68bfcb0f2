import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

/**
 * The SPA's index.html, which the picture page (GET /i/{id}) serves with that picture's link-preview
 * tags. In AWS the file is copied into the function's bundle at synth (infra/lib/constructs/api.ts,
 * `siteShell` routes), so a deploy of a new site also updates it; locally SITE_SHELL_FILE names the
 * build's file. Undefined when it is not there (a synth without a web build): the page then falls
 * back to a minimal document.
 */
let cached: Promise<string | undefined> | undefined;

export function siteShell(): Promise<string | undefined> {
  cached ??= (async () => {
    const file = config().SITE_SHELL_FILE;
    const path = isAbsolute(file) ? file : join(process.env.LAMBDA_TASK_ROOT ?? process.cwd(), file);
    try {
      return await readFile(path, 'utf8');
    } catch (err) {
      logger.warn('no site shell: the picture page serves a minimal document', { path, error: err as Error });
      return undefined;
    }
  })();
  return cached;
}

/** Tests: read the file again (a rebuilt site). */
export function resetSiteShell(): void {
  cached = undefined;
}
