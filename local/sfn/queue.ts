import { createHash, randomUUID } from 'node:crypto';

/**
 * An in-memory SQS queue set: send, long-poll receive with visibility timeout (and the delivery
 * count, ApproximateReceiveCount), delete, change visibility, the queue's two depths. Enough of SQS for
 * the job queue, whose visibility is the workers' claim on a job (infra/lib/state-machine.ts); names
 * are the last segment of the queue URL.
 *
 * How an in-flight message's visibility ends (`LeaseMode`):
 * - `timers` (the default, as SQS): on the wall clock, `VisibilityTimeout` after the receive or the
 *   last ChangeMessageVisibility;
 * - `windows`: no clock; a test ends each lease window by hand (`endWindow`), and every in-flight
 *   message whose lease was not extended since the previous end becomes visible again. A test then
 *   asserts "claims kept in every window" on its own clock, however slowly a loaded machine runs the
 *   worker (LOCAL_SQS_LEASES=windows).
 */
export type LeaseMode = 'timers' | 'windows';

interface Stored {
  id: string;
  body: string;
  visibleAt: number;
  receipt?: string;
  receives: number;
  /** When it was first received (ms), for the delivery log. */
  firstReceivedAt?: number;
  /** `windows` mode: the lease was taken or extended since the last window ended. */
  kept?: boolean;
}

/** What the delivery log keeps of the latest messages, deleted or not (tests read it). */
export interface Delivered {
  body: string;
  receives: number;
  firstReceivedAt?: number;
}
const DELIVERY_LOG = 1000;

export interface ReceivedMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
  Attributes: { ApproximateReceiveCount: string };
}

/** An error SQS answers with (`type` is its `__type`). */
export class LocalQueueError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export class LocalQueues {
  private readonly queues = new Map<string, Stored[]>();
  private readonly waiters = new Set<() => void>();
  private readonly log: Stored[] = [];
  private closed = false;

  constructor(private readonly mode: LeaseMode = 'timers') {}

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
    const stored: Stored = { id, body, visibleAt: 0, receives: 0 };
    this.list(name).push(stored);
    this.log.push(stored);
    if (this.log.length > DELIVERY_LOG) this.log.shift();
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
          this.lease(m, visibilitySeconds);
          m.receipt = `${m.id}#${randomUUID()}`;
          m.receives++;
          m.firstReceivedAt ??= now;
          return {
            MessageId: m.id,
            ReceiptHandle: m.receipt,
            MD5OfBody: md5(m.body),
            Body: m.body,
            Attributes: { ApproximateReceiveCount: String(m.receives) },
          };
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

  /**
   * As SQS: a receipt of a message that was deleted, or received again since (its lease lapsed and another
   * consumer has it), can no longer change its visibility.
   */
  changeVisibility(name: string, receipt: string, seconds: number): void {
    const m = this.list(name).find((x) => x.receipt === receipt);
    if (!m || m.visibleAt <= Date.now())
      throw new LocalQueueError(
        'InvalidParameterValue',
        `Value ${receipt} for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.`,
      );
    this.lease(m, seconds);
    for (const wake of [...this.waiters]) wake();
  }

  /** ApproximateNumberOfMessages (visible) and ApproximateNumberOfMessagesNotVisible (in flight). */
  attributes(name: string): { ApproximateNumberOfMessages: string; ApproximateNumberOfMessagesNotVisible: string } {
    const now = Date.now();
    const all = this.list(name);
    const visible = all.filter((m) => m.visibleAt <= now).length;
    return { ApproximateNumberOfMessages: String(visible), ApproximateNumberOfMessagesNotVisible: String(all.length - visible) };
  }

  /** The latest messages sent (up to DELIVERY_LOG), deleted or not, with how often each was delivered. */
  delivered(): Delivered[] {
    return this.log.map(({ body, receives, firstReceivedAt }) => ({ body, receives, firstReceivedAt }));
  }

  /** In-flight messages now, and how many of them had their lease taken or extended since the last window ended. */
  leaseCounts(): { held: number; kept: number } {
    const held = [...this.queues.values()].flat().filter((m) => m.visibleAt === Number.POSITIVE_INFINITY);
    return { held: held.length, kept: held.filter((m) => m.kept).length };
  }

  /** `windows` mode: one lease window is over; the in-flight messages not kept in it become visible. Answers how many did. */
  endWindow(): number {
    if (this.mode !== 'windows') throw new Error('endWindow needs LOCAL_SQS_LEASES=windows');
    let lapsed = 0;
    for (const m of [...this.queues.values()].flat()) {
      if (m.visibleAt !== Number.POSITIVE_INFINITY) continue;
      if (m.kept) {
        m.kept = false;
        continue;
      }
      m.visibleAt = 0;
      lapsed++;
    }
    if (lapsed) for (const wake of [...this.waiters]) wake();
    return lapsed;
  }

  private lease(m: Stored, seconds: number): void {
    if (this.mode === 'windows' && seconds > 0) {
      m.visibleAt = Number.POSITIVE_INFINITY;
      m.kept = true;
    } else m.visibleAt = Date.now() + seconds * 1000;
  }

  close(): void {
    this.closed = true;
    for (const wake of [...this.waiters]) wake();
  }
}

export const queueNameFromUrl = (url: string) => url.replace(/\/+$/, '').split('/').pop() ?? url;
