/**
 * How the local state machine keeps a callback task's heartbeat deadline (States.HeartbeatTimeout), as
 * AWS does: a wall-clock timer per token, re-armed by each heartbeat. The generation flow sets no
 * heartbeat since workers claim jobs (the claim's lease is the queue's visibility, local/sfn/queue.ts);
 * a callback state that sets one is still held to it here.
 */
interface Watched {
  heartbeatMs: number;
  lapse: () => void;
  timer?: NodeJS.Timeout;
}

export class HeartbeatWatch {
  private readonly watched = new Map<string, Watched>();

  /** Starts watching a token just sent; `lapse` runs (once) when its heartbeat is missed. */
  watch(token: string, heartbeatMs: number | undefined, lapse: () => void): void {
    if (!heartbeatMs) return;
    const w: Watched = { heartbeatMs, lapse };
    this.watched.set(token, w);
    this.arm(token, w);
  }

  beat(token: string): void {
    const w = this.watched.get(token);
    if (w) this.arm(token, w);
  }

  /** The token is answered or gone: no deadline any more. */
  forget(token: string): void {
    clearTimeout(this.watched.get(token)?.timer);
    this.watched.delete(token);
  }

  private arm(token: string, w: Watched): void {
    clearTimeout(w.timer);
    w.timer = setTimeout(() => {
      this.watched.delete(token);
      w.lapse();
    }, w.heartbeatMs);
  }
}
