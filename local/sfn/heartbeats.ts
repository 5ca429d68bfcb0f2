/**
 * How the local state machine keeps a callback task's heartbeat deadline (States.HeartbeatTimeout):
 * - `timers` (the default, as AWS): a wall-clock timer per token, re-armed by each heartbeat;
 * - `windows`: no timer; a test ends each heartbeat window by hand (`endWindow`), and every token
 *   not beaten since the previous end lapses. A test then asserts "beaten in every window" on its
 *   own clock, however slowly a loaded machine runs the worker (LOCAL_SFN_HEARTBEATS=windows).
 */
export type HeartbeatMode = 'timers' | 'windows';

interface Watched {
  heartbeatMs: number;
  lapse: () => void;
  timer?: NodeJS.Timeout;
  beaten: boolean;
}

export class HeartbeatWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly mode: HeartbeatMode = 'timers') {}

  /** Starts watching a token just sent; `lapse` runs (once) when its heartbeat is missed. */
  watch(token: string, heartbeatMs: number | undefined, lapse: () => void): void {
    if (!heartbeatMs) return;
    const w: Watched = { heartbeatMs, lapse, beaten: false };
    this.watched.set(token, w);
    this.arm(token, w);
  }

  beat(token: string): void {
    const w = this.watched.get(token);
    if (!w) return;
    w.beaten = true;
    this.arm(token, w);
  }

  /** The token is answered or gone: no deadline any more. */
  forget(token: string): void {
    clearTimeout(this.watched.get(token)?.timer);
    this.watched.delete(token);
  }

  /** Tokens watched now, and how many of them were beaten since the last window ended. */
  counts(): { watched: number; beaten: number } {
    const all = [...this.watched.values()];
    return { watched: all.length, beaten: all.filter((w) => w.beaten).length };
  }

  /** `windows` mode: one heartbeat window is over; the tokens not beaten in it lapse. Answers how many did. */
  endWindow(): number {
    if (this.mode !== 'windows') throw new Error('endWindow needs LOCAL_SFN_HEARTBEATS=windows');
    let lapsed = 0;
    for (const [token, w] of [...this.watched]) {
      if (w.beaten) {
        w.beaten = false;
        continue;
      }
      this.watched.delete(token);
      w.lapse();
      lapsed++;
    }
    return lapsed;
  }

  private arm(token: string, w: Watched): void {
    if (this.mode !== 'timers') return;
    clearTimeout(w.timer);
    w.timer = setTimeout(() => {
      this.watched.delete(token);
      w.lapse();
    }, w.heartbeatMs);
  }
}
