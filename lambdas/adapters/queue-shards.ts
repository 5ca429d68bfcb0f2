import { randomUUID } from 'node:crypto';

/**
 * The queue's slot count, sharded (issue 31 item 6; docs/scale.md "What breaks first"). One counter item took every
 * admission's and every exit's conditional update: at 10 generations/s that is one hot item, and conflicting updates
 * in transactions retry. QUEUE_SHARDS items `queue#0..N-1` (each its own partition key, so its own partition) share the
 * cap: shard i holds `shardCap(cap, N, i)` places, the shares summing to the cap exactly.
 *
 * A job's shard follows from its id (FNV-1a of the id, mod N), so whoever moves the job out of the queue (the API, a
 * flow step, the GPU worker, the reconciler) finds the counter to give the place back to without reading the job
 * first. Admission tries the shard of the id it was given, and when that shard is full the others in turn, each with
 * a fresh id that falls in it (`jobIdInShard`): a request is refused only when every shard is full, so the cap stays
 * exact while the writes spread N ways.
 */
export const QUEUE_SHARDS = 4;

export const queueShardKey = (shard: number) => ({ pk: `queue#${shard}`, sk: 'slots' });

/** FNV-1a (32 bits) of the id, mod `shards`: stable across runtimes, cheap, evenly spread for random UUIDs. */
export function queueShardOf(jobId: string, shards = QUEUE_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < jobId.length; i++) {
    hash ^= jobId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/** The places of shard `shard` when `cap` places are shared by `shards` shards: the remainder goes to the first ones. */
export function shardCap(cap: number, shards: number, shard: number): number {
  return Math.floor(cap / shards) + (shard < cap % shards ? 1 : 0);
}

/** A fresh job id whose shard is `shard` (a random UUID redrawn until it falls there: `shards` draws on average). */
export function jobIdInShard(shard: number, shards = QUEUE_SHARDS, newId: () => string = randomUUID): string {
  for (;;) {
    const id = newId();
    if (queueShardOf(id, shards) === shard) return id;
  }
}

/** The order admission tries the shards in: the given id's own first, then the others from a random start. */
export function shardOrder(first: number, shards = QUEUE_SHARDS, random: () => number = Math.random): number[] {
  const start = Math.floor(random() * shards);
  const others = Array.from({ length: shards }, (_, i) => (start + i) % shards).filter((s) => s !== first);
  return [first, ...others];
}
