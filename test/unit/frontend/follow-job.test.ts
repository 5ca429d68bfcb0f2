// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followJob } from '../../../frontend/src/features/studio/follow-job';

/** A controllable EventSource: the test emits 'status' events or an error. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, Set<EventListener>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: EventListener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(fn);
  }
  removeEventListener(type: string, fn: EventListener) {
    this.listeners.get(type)?.delete(fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  get listenerCount() {
    return [...this.listeners.values()].reduce((n, s) => n + s.size, 0);
  }
}

const USER = '0b6f6a3e-6c1e-4d6a-9d7e-2f4a9c1b8e55';
const status = (s: string, percent = 0) => ({ jobId: 'j', status: s, percent, message: s, count: 1, images: [] });

/** An AbortSignal that counts its listeners (the old polling loop left one behind per poll). */
function countedSignal() {
  const controller = new AbortController();
  let live = 0;
  const add = controller.signal.addEventListener.bind(controller.signal);
  const remove = controller.signal.removeEventListener.bind(controller.signal);
  controller.signal.addEventListener = ((type: string, fn: EventListener, opts?: AddEventListenerOptions) => {
    live++;
    const once = opts?.once
      ? (e: Event) => {
          live--;
          fn(e);
        }
      : fn;
    add(type, once as EventListener, opts);
    if (opts?.once) (fn as unknown as { wrapped?: EventListener }).wrapped = once as EventListener;
  }) as typeof controller.signal.addEventListener;
  controller.signal.removeEventListener = ((type: string, fn: EventListener) => {
    const wrapped = (fn as unknown as { wrapped?: EventListener }).wrapped;
    live--;
    remove(type, wrapped ?? fn);
  }) as typeof controller.signal.removeEventListener;
  return { controller, live: () => live };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('followJob', () => {
  it('takes pushed statuses until a terminal one, then closes the stream and leaves no listener', async () => {
    const { controller, live } = countedSignal();
    const seen: string[] = [];
    const run = (async () => {
      for await (const job of followJob('j', USER, controller.signal, {
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }))
        seen.push(job.status);
    })();
    await vi.waitFor(() => expect(FakeEventSource.last?.listenerCount).toBe(2), { timeout: 10_000 });
    const source = FakeEventSource.last as FakeEventSource;
    // The visitor's id goes with it: the finished picture's urls come to its author only (docs/privacy.md).
    expect(source.url).toBe(`/api/generate/j/events?userId=${USER}`);
    source.emit('status', status('queued'));
    source.emit('status', status('generating', 40));
    source.emit('status', status('done', 100));
    await run;
    expect(seen).toEqual(['queued', 'generating', 'done']);
    expect(source.closed).toBe(true);
    expect(source.listenerCount).toBe(0);
    expect(live()).toBe(0);
  });

  it('closes the stream as the terminal status arrives, before a slow consumer asks for more (no reconnect)', async () => {
    const { controller } = countedSignal();
    const iterator = followJob('j', USER, controller.signal, { EventSourceImpl: FakeEventSource as unknown as typeof EventSource });
    const first = iterator.next();
    await vi.waitFor(() => expect(FakeEventSource.last?.listenerCount).toBe(2), { timeout: 10_000 });
    const source = FakeEventSource.last as FakeEventSource;
    source.emit('status', status('done', 100));
    expect((await first).value).toMatchObject({ status: 'done' });
    // The consumer holds the terminal status and has not asked for the next one: the stream is already closed.
    expect(source.closed).toBe(true);
    expect((await iterator.next()).done).toBe(true);
  });

  it('falls back to polling when the stream fails, without one abort listener left per poll', async () => {
    const answers = [status('generating', 50), status('generating', 80), status('done', 100)];
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answers.shift()), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { controller, live } = countedSignal();
    const seen: string[] = [];
    const run = (async () => {
      for await (const job of followJob('j', USER, controller.signal, {
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }))
        seen.push(`${job.status}:${job.percent}`);
    })();
    await vi.waitFor(() => expect(FakeEventSource.last?.listenerCount).toBe(2), { timeout: 10_000 });
    const source = FakeEventSource.last as FakeEventSource;
    source.emit('status', status('queued'));
    source.emit('error');
    await run;
    expect(seen).toEqual(['queued:0', 'generating:50', 'generating:80', 'done:100']);
    expect(source.closed).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(String((fetchMock.mock.calls[0] as unknown[] | undefined)?.[0])).toContain(`/api/generate/j?userId=${USER}`);
    // Each poll's pause added its abort listener and took it away again.
    expect(live()).toBe(0);
  });

  it('polls when the browser has no EventSource, and stops at once on abort', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(status('queued')), { headers: { 'content-type': 'application/json' } })),
    );
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const job of followJob('j', USER, controller.signal, { EventSourceImpl: undefined })) {
        seen.push(job.status);
        if (seen.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['queued', 'queued']);
  });

  it('gives up after exactly maxPollErrors failed polls in a row, and a good answer between them starts the count again', async () => {
    const bad = () => new Response('{"error":{"code":"storage_unavailable","message":"x"}}', { status: 503 });
    const good = (s: string) => new Response(JSON.stringify(status(s)), { headers: { 'content-type': 'application/json' } });
    // Two failures, a good answer, two failures, the end: never three in a row, so it follows to the end.
    const forgiving = [bad(), bad(), good('generating'), bad(), bad(), good('done')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => forgiving.shift()),
    );
    const seen: string[] = [];
    for await (const job of followJob('j', USER, new AbortController().signal, { EventSourceImpl: undefined, maxPollErrors: 3 }))
      seen.push(job.status);
    expect(seen).toEqual(['generating', 'done']);

    // Three in a row: the third failure ends it (not a fourth poll).
    const fetchMock = vi.fn(async () => bad());
    vi.stubGlobal('fetch', fetchMock);
    const run = (async () => {
      for await (const _job of followJob('j', USER, new AbortController().signal, { EventSourceImpl: undefined, maxPollErrors: 3 })) {
        // no status ever comes
      }
    })();
    await expect(run).rejects.toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
