import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';
import { FRONTEND } from './virtual-modules.ts';

/**
 * src/boot.ts as the classic script the pages run in their head: one minified IIFE with the shared modules it imports
 * (the url rule, the client image, the thumbnail widths), so the first picture it preloads has exactly the srcset the
 * grid's tile asks for. Also run by its unit test (test/unit/frontend/boot-consent.test.ts).
 */
export function bootScriptSource(): string {
  const result = buildSync({
    entryPoints: [join(FRONTEND, 'src/boot.ts')],
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('esbuild wrote no boot script');
  return file.text;
}

/**
 * src/boot.ts, the classic script the pages run before the body (see that file), bundled by bootScriptSource: hashed into
 * assets/ at build time like every other asset (the CDN caches assets/ as immutable), served as /boot.js by the dev
 * server.
 */
export function bootScript(): Plugin {
  const source = bootScriptSource();
  const fileName = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'artloom-boot-script',
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.server) return html;
        // index.html marks it vite-ignore: Vite leaves this classic script alone (it bundles module scripts only).
        const tag = /<script src="\/boot\.js"[^>]*><\/script>/;
        if (!tag.test(html)) throw new Error('index.html has no <script src="/boot.js">');
        return html.replace(tag, `<script src="/${fileName}"></script>`);
      },
    },
  };
}
