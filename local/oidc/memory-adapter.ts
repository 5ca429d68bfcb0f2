type Stored = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string; consumed?: number };

/**
 * The provider's storage (sessions, codes, grants, interactions): in this process's memory on
 * purpose — a restart of `npm start` signs the operator out, nothing else is lost.
 */
export class MemoryAdapter {
  private static readonly items = new Map<string, { payload: Stored; expiresAt: number }>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  private live(key: string): Stored | undefined {
    const item = MemoryAdapter.items.get(key);
    if (!item) return undefined;
    if (item.expiresAt <= Date.now()) {
      MemoryAdapter.items.delete(key);
      return undefined;
    }
    return item.payload;
  }
  async upsert(id: string, payload: Stored, expiresIn: number) {
    MemoryAdapter.items.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }
  async find(id: string) {
    return this.live(this.key(id));
  }
  async findByUid(uid: string) {
    for (const key of MemoryAdapter.items.keys())
      if (key.startsWith(`${this.model}:`) && this.live(key)?.uid === uid) return this.live(key);
    return undefined;
  }
  async findByUserCode(userCode: string) {
    for (const key of MemoryAdapter.items.keys())
      if (key.startsWith(`${this.model}:`) && this.live(key)?.userCode === userCode) return this.live(key);
    return undefined;
  }
  async consume(id: string) {
    const payload = this.live(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.items.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, item] of MemoryAdapter.items) if (item.payload.grantId === grantId) MemoryAdapter.items.delete(key);
  }
}
