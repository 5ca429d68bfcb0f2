import { createHash, randomUUID } from 'node:crypto';

/**
 * An in-memory SQS queue set: send, long-poll receive with visibility timeout, delete, change
 * visibility. Enough of SQS for the job queue; names are the last segment of the queue URL.
 */
interface Stored {
  id: string;
  body: string;
  visibleAt: number;
  receipt?: string;
  receives: number;
}

export interface ReceivedMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class LocalQueues {
  private readonly queues = new Map<string, Stored[]>();
  private readonly waiters = new Set<() => void>();
  private closed = false;

  private list(name: string): Stored[] {
    let q = this.queues.get(name);
    if (!q) {
      q = [];
      this.queues.set(name, q);
    }
    return q;
  }

  send(name: string, body: string): { MessageId: string; MD5OfMessageBody: string } {
    const id = randomUUID();
    this.list(name).push({ id, body, visibleAt: 0, receives: 0 });
    for (const wake of [...this.waiters]) wake();
    return { MessageId: id, MD5OfMessageBody: md5(body) };
  }

  depth(name: string): number {
    return this.list(name).length;
  }

  async receive(
    name: string,
    max: number,
    waitSeconds: number,
    visibilitySeconds: number,
    signal?: AbortSignal,
  ): Promise<ReceivedMessage[]> {
    const deadline = Date.now() + waitSeconds * 1000;
    for (;;) {
      // A receive whose caller went away (a stopped worker's long poll) must not take a message:
      // it would stay invisible for the visibility timeout with nobody working on it.
      if (signal?.aborted) return [];
      const now = Date.now();
      const ready = this.list(name)
        .filter((m) => m.visibleAt <= now)
        .slice(0, Math.max(1, max));
      if (ready.length || now >= deadline || this.closed) {
        return ready.map((m) => {
          m.visibleAt = now + visibilitySeconds * 1000;
          m.receipt = `${m.id}#${randomUUID()}`;
          m.receives++;
          return { MessageId: m.id, ReceiptHandle: m.receipt, MD5OfBody: md5(m.body), Body: m.body };
        });
      }
      // Wake on a new message, on the deadline, or when an invisible message may become visible.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(deadline - now, 250));
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        }
        const waiters = this.waiters;
        waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  delete(name: string, receipt: string): void {
    const q = this.list(name);
    const index = q.findIndex((m) => m.receipt === receipt);
    if (index >= 0) q.splice(index, 1);
  }

  changeVisibility(name: string, receipt: string, seconds: number): void {
    const m = this.list(name).find((x) => x.receipt === receipt);
    if (m) m.visibleAt = Date.now() + seconds * 1000;
    for (const wake of [...this.waiters]) wake();
  }

  close(): void {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
  }
}

export const queueNameFromUrl = (url: string) => url.replace(/\/+$/, '').split('/').pop() ?? url;
