/**
 * `npm run smoke -- --url https://<site>` after a deploy (issue 31): walks the live site as a visitor and the operator's
 * sign-in would, and prints what passed. Health with every dependency, home's page, a collection's page with its own
 * link preview, a gallery read and one of its pictures, one generation through the real flow (the GPU fleet, a cold
 * start included: `--timeout-minutes`, default 15), the picture shared and its link page, the operator's sign-in
 * settings and console page. Exit 1 when any step failed. Nothing is changed but one visitor's picture (made by a
 * random visitor id, shared so its link can be checked; it stays in that visitor's gallery only).
 *
 * `--skip-generation` walks everything else (a site whose GPU image is still being built). Works against the local
 * site too (`npm start`, then `npm run smoke -- --url http://localhost:3000`; test/integration/foundation/smoke.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

export interface SmokeStep {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}

export interface SmokeOptions {
  url: string;
  prompt?: string;
  timeoutMs?: number;
  skipGeneration?: boolean;
  /** A collection's path, for its own page and a gallery read (default /space). */
  collection?: string;
  log?: (step: SmokeStep) => void;
}

class StepFailed extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new StepFailed(message);
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new StepFailed(`${res.status}, not JSON: ${text.slice(0, 120)}`);
  }
  return { status: res.status, body };
}

async function getPage(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  check(res.status === 200, `${res.status}`);
  check(/text\/html/.test(res.headers.get('content-type') ?? ''), `content-type ${res.headers.get('content-type')}`);
  return text;
}

async function getFile(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  check(res.status === 200, `${res.status} for ${url}`);
  check(/^image\//.test(res.headers.get('content-type') ?? ''), `content-type ${res.headers.get('content-type')} for ${url}`);
  return `${res.headers.get('content-type')}, ${bytes.length} bytes`;
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeStep[]> {
  const base = options.url.replace(/\/+$/, '');
  const at = (path: string) => new URL(path, `${base}/`).toString();
  const collection = options.collection ?? '/space';
  const steps: SmokeStep[] = [];
  const context: { pictureId?: string; userId: string } = { userId: randomUUID() };

  async function step(name: string, run: () => Promise<string>): Promise<boolean> {
    const started = performance.now();
    let result: SmokeStep;
    try {
      result = { name, ok: true, ms: 0, detail: await run() };
    } catch (err) {
      const message = err instanceof StepFailed ? err.message : `${(err as Error).name}: ${(err as Error).message}`;
      result = { name, ok: false, ms: 0, detail: message };
    }
    result.ms = Math.round(performance.now() - started);
    steps.push(result);
    options.log?.(result);
    return result.ok;
  }

  await step('health: every dependency up', async () => {
    const { status, body } = await getJson(at('/api/health'));
    check(status === 200, `${status}: ${JSON.stringify(body).slice(0, 200)}`);
    return `renderer ${String(body.renderer)}`;
  });
  await step("home's page", async () => {
    const html = await getPage(at('/'));
    check(html.includes('id="root"'), 'no #root in the page');
    return `${html.length} bytes`;
  });
  await step(`${collection}: its own page and link preview`, async () => {
    const html = await getPage(at(collection));
    const title = html.match(/<meta property="og:title" content="([^"]*)"/)?.[1];
    check(title, 'no og:title');
    return title;
  });
  await step('a gallery read and one of its pictures', async () => {
    const { status, body } = await getJson(at('/api/gallery/categories'));
    check(status === 200, `${status}`);
    const collections = (body.collections ?? body.categories ?? body) as unknown;
    const text = JSON.stringify(collections);
    const thumbnail = text.match(/"thumbnailUrl":"([^"]+)"/)?.[1] ?? text.match(/"url":"([^"]+)"/)?.[1];
    check(thumbnail, 'no picture in any collection');
    return await getFile(at(thumbnail));
  });

  if (options.skipGeneration) {
    steps.push({ name: 'one generation through the flow', ok: true, ms: 0, detail: 'skipped (--skip-generation)' });
  } else {
    const generated = await step('one generation through the flow', async () => {
      const requestId = `smoke-${randomUUID()}`;
      const body = { prompt: options.prompt ?? 'A lighthouse on a cliff at dawn', aspectRatio: '4:3', userId: context.userId, requestId };
      const post = await getJson(at('/api/generate'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      check(post.status === 202, `POST /api/generate ${post.status}: ${JSON.stringify(post.body).slice(0, 200)}`);
      const jobId = String(post.body.jobId);
      const deadline = Date.now() + (options.timeoutMs ?? 15 * 60_000);
      const seen = new Set<string>();
      for (;;) {
        const { status, body: job } = await getJson(at(`/api/generate/${jobId}?userId=${context.userId}`));
        check(status === 200, `status ${status}`);
        seen.add(String(job.status));
        if (job.status === 'done') {
          const image = job.image as { id: string; url: string; width: number; height: number } | undefined;
          check(image, 'done without a picture');
          context.pictureId = image.id;
          const file = await getFile(at(image.url));
          return `${[...seen].join(' → ')}; ${image.width}×${image.height}, ${file}`;
        }
        check(job.status !== 'failed' && job.status !== 'cancelled', `${String(job.status)}: ${String(job.message)}`);
        check(Date.now() < deadline, `no picture within the timeout; last ${String(job.status)} ${String(job.message)}`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
    if (generated) {
      await step('the picture shared, and its link page', async () => {
        const id = context.pictureId ?? '';
        const share = await getJson(at(`/api/images/${id}/share`), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId: context.userId, shared: true }),
        });
        check(share.status === 200, `share ${share.status}: ${JSON.stringify(share.body).slice(0, 200)}`);
        const html = await getPage(at(`/i/${id}`));
        check(html.includes('og:image'), 'the link page has no og:image');
        return `/i/${id}`;
      });
    }
  }

  await step("the operator's sign-in settings and console page", async () => {
    const { status, body } = await getJson(at('/api/auth/config'));
    check(status === 200, `/api/auth/config ${status}`);
    check(body.authority && body.clientId, `no sign-in configured: ${JSON.stringify(body)}`);
    await getPage(at('/admin'));
    return `authority ${String(body.authority)}`;
  });
  return steps;
}

export function smokeTable(steps: SmokeStep[]): string {
  const rows = steps.map(
    (s) => `| ${s.ok ? 'pass' : 'FAIL'} | ${s.name} | ${(s.ms / 1000).toFixed(1)} s | ${s.detail.replace(/\|/g, '\\|')} |`,
  );
  return ['| | step | took | detail |', '|---|---|---|---|', ...rows].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      prompt: { type: 'string' },
      'timeout-minutes': { type: 'string', default: '15' },
      'skip-generation': { type: 'boolean', default: false },
      collection: { type: 'string', default: '/space' },
    },
  });
  if (!values.url) {
    console.error('usage: npm run smoke -- --url https://<site> [--skip-generation] [--timeout-minutes 15] [--prompt "…"]');
    process.exit(2);
  }
  const steps = await runSmoke({
    url: values.url,
    ...(values.prompt ? { prompt: values.prompt } : {}),
    timeoutMs: Number(values['timeout-minutes']) * 60_000,
    skipGeneration: values['skip-generation'],
    collection: values.collection,
    log: (s) => console.info(`${s.ok ? 'pass' : 'FAIL'}  ${s.name} (${(s.ms / 1000).toFixed(1)} s): ${s.detail}`),
  });
  console.info(`\n${smokeTable(steps)}`);
  const failed = steps.filter((s) => !s.ok).length;
  console.info(`\n${steps.length - failed} of ${steps.length} steps passed against ${values.url}`);
  process.exit(failed ? 1 : 0);
}
