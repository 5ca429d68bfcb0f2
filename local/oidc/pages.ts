import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../shared/html';

/** The local provider's own pages (sign-in, signing out): plain HTML, no script but the logout auto-submit. */

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Artloom (local sign-in)</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font-family:system-ui,sans-serif;background:#f4f4f7;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(22rem,90vw)}
label{display:block;margin:.8rem 0 .3rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #888;border-radius:6px}
button{margin-top:1.2rem;width:100%;padding:.7rem;font-size:1rem;border:0;border-radius:6px;background:#4b3fd6;color:#fff;cursor:pointer}
.error{color:#b00020}.note{color:#555;font-size:.85rem}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage(action: string, error?: string, username = ''): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1><p class="note">Local stand-in for Cognito's managed login. The operator's password is in operator.json in the data folder.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>`,
  );
}

export function readForm(req: IncomingMessage, limit = 4096): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= limit) chunks.push(c);
    });
    req.on('end', () => resolve(new URLSearchParams(size > limit ? '' : Buffer.concat(chunks).toString('utf8'))));
    req.on('error', () => resolve(new URLSearchParams()));
  });
}

export function sendHtml(res: ServerResponse, status: number, html: string): true {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
  return true;
}
