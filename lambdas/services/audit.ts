import { randomUUID } from 'node:crypto';
import type { AuditAction } from '../../shared/admin';
import type { AuditEntry } from '../../shared/schemas/admin';
import { listAuditEntries, putAuditEntry } from '../adapters/audit-log';
import { clock } from '../lib/clock';
import { logger } from '../lib/logger';

/** Writes who did what to which, when, with the state before and after. */
export async function audit(actor: string, action: AuditAction, target: string, before?: unknown, after?: unknown): Promise<AuditEntry> {
  const entry: AuditEntry = {
    id: randomUUID(),
    at: clock.date().toISOString(),
    actor,
    action,
    target,
    ...(before !== undefined ? { before } : {}),
    ...(after !== undefined ? { after } : {}),
  };
  await putAuditEntry(entry);
  logger.info('operator action', { actor, action, target });
  return entry;
}

export const auditPage = listAuditEntries;
