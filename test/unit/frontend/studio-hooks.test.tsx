// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneration } from '../../../frontend/src/features/studio/hooks/use-generation';
import { useQuota } from '../../../frontend/src/features/studio/hooks/use-quota';
import { useWarmGpu } from '../../../frontend/src/features/studio/hooks/use-warm-gpu';
import { notify } from '../../../frontend/src/lib/notify';
import { getVisitor } from '../../../frontend/src/lib/visitor';
import { GENERIC_GENERATION_ERROR } from '../../../shared/schemas/generation';
import { withCleanStorage } from './clean-storage';

/** The network, at the browser's boundary: each call answered by `answer`, all calls recorded. */
function stubFetch(answer: (method: string, url: string) => { status: number; body?: unknown }) {
  const calls: { method: string; url: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) });
      const { status, body } = answer(method, url);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** A job's pushed statuses (GET /api/generate/{jobId}/events), in order, once listened to. */
function stubEvents(statuses: { status: string; percent: number }[]) {
  vi.stubGlobal(
    'EventSource',
    class {
      private readonly listeners = new Map<string, EventListener>();
      constructor(readonly url: string) {
        setTimeout(() => {
          const jobId = decodeURIComponent(url.split('/').at(-2) ?? '');
          for (const s of statuses)
            this.listeners.get('status')?.(
              new MessageEvent('status', { data: JSON.stringify({ jobId, message: s.status, count: 1, images: [], ...s }) }),
            );
        }, 0);
      }
      addEventListener(type: string, fn: EventListener) {
        this.listeners.set(type, fn);
      }
      removeEventListener() {}
      close() {}
    },
  );
}

const quota = { scope: 'visitor', limit: 3, remaining: 2, resetsAt: '2026-11-25T23:00:00.000Z', enforced: true };

withCleanStorage();
beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  vi.spyOn(notify, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('useQuota', () => {
  it('reads the server’s meter for this visitor on mount and again on refresh', async () => {
    // Prepare
    let remaining = 2;
    const calls = stubFetch(() => ({ status: 200, body: { ...quota, remaining } }));
    // Act
    const hook = renderHook(() => useQuota());
    await waitFor(() => expect(hook.result.current.quota?.remaining).toBe(2));
    remaining = 1;
    act(() => hook.result.current.refresh());
    // Assess
    await waitFor(() => expect(hook.result.current.quota?.remaining).toBe(1));
    expect(calls.map((c) => c.url)).toEqual([
      `/api/generate/quota?userId=${getVisitor().userId}`,
      `/api/generate/quota?userId=${getVisitor().userId}`,
    ]);
  });

  it('stays undefined, without an error toast, when the meter cannot be read', async () => {
    // Prepare
    const calls = stubFetch(() => ({ status: 503, body: { error: { code: 'storage_unavailable', message: 'down' } } }));
    // Act
    const hook = renderHook(() => useQuota());
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    // Assess
    expect(hook.result.current.quota).toBeUndefined();
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('useWarmGpu', () => {
  it('asks for a warm GPU once, after typing pauses, and not again in this session', async () => {
    // Prepare
    vi.useFakeTimers();
    const calls = stubFetch(() => ({ status: 202 }));
    const hook = renderHook(() => useWarmGpu());
    // Act: three keystrokes 100 ms apart, then a pause
    for (let i = 0; i < 3; i++) {
      hook.result.current();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(600);
    // Not yet: the pause is 800 ms from the last keystroke (the ask is stamped in the session when it goes).
    expect(sessionStorage.getItem('artloom_gpu_warmed_at')).toBeNull();
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    hook.result.current();
    await vi.advanceTimersByTimeAsync(5_000);
    // Assess
    expect(calls).toEqual([{ method: 'POST', url: '/api/generate/warm', body: JSON.stringify({ userId: getVisitor().userId }) }]);
  });

  it('asks again once the warm window (10 min) has passed', async () => {
    // Prepare
    vi.useFakeTimers();
    const calls = stubFetch(() => ({ status: 202 }));
    const hook = renderHook(() => useWarmGpu());
    hook.result.current();
    await vi.advanceTimersByTimeAsync(800);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Act
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    hook.result.current();
    await vi.advanceTimersByTimeAsync(800);
    // Assess
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });
});

describe('useGeneration (runGeneration)', () => {
  it('shows the API’s own message for a refusal (429) and settles without a job', async () => {
    // Prepare
    stubFetch(() => ({ status: 429, body: { error: { code: 'rate_limited', message: 'No images left this hour.' } } }));
    const onSettled = vi.fn();
    const hook = renderHook(() => useGeneration(vi.fn(), onSettled));
    // Act
    await act(() => hook.result.current.generate('A lighthouse at dusk over the sea', '1:1'));
    // Assess
    expect(notify.error).toHaveBeenCalledWith('No images left this hour.');
    expect(onSettled).toHaveBeenCalledWith(false);
    expect(hook.result.current.state.busy).toBe(false);
  });

  it('follows the pushed statuses and shows the generic message when the job fails', async () => {
    // Prepare
    const calls = stubFetch((method) => (method === 'POST' ? { status: 202, body: { jobId: 'job-1' } } : { status: 404 }));
    stubEvents([
      { status: 'generating', percent: 40 },
      { status: 'failed', percent: 40 },
    ]);
    const onSettled = vi.fn();
    const onSuccess = vi.fn();
    const hook = renderHook(() => useGeneration(onSuccess, onSettled));
    // Act
    await act(() => hook.result.current.generate('A lighthouse at dusk over the sea', '1:1'));
    // Assess
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/generate' });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ prompt: 'A lighthouse at dusk over the sea', aspectRatio: '1:1' });
    expect(hook.result.current.state).toMatchObject({ busy: false, text: GENERIC_GENERATION_ERROR });
    expect(notify.error).toHaveBeenCalledWith(GENERIC_GENERATION_ERROR);
    expect(onSettled).toHaveBeenCalledWith(false);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('cancels the job in flight: DELETE for this visitor, state back to idle', async () => {
    // Prepare: a job that stays in progress
    const calls = stubFetch((method) => (method === 'POST' ? { status: 202, body: { jobId: 'job-2' } } : { status: 202 }));
    stubEvents([{ status: 'generating', percent: 20 }]);
    const hook = renderHook(() => useGeneration(vi.fn(), vi.fn()));
    // Not awaited: the job stays in progress until cancelled.
    const running = hook.result.current.generate('A lighthouse at dusk over the sea', '1:1');
    await waitFor(() => expect(hook.result.current.state).toMatchObject({ busy: true, jobId: 'job-2', percent: 20 }));
    // Act
    await act(() => hook.result.current.cancel());
    await running;
    // Assess
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: `/api/generate/job-2?userId=${getVisitor().userId}` });
    expect(hook.result.current.state.busy).toBe(false);
    expect(notify.info).toHaveBeenCalledWith('Generation cancelled.');
  });
});
