import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { dynamo } from './aws-clients';

/**
 * The operator's blocked terms and phrases: one item of the messages table (the operator's table),
 * pk `settings#blocked-terms`, sk `settings`, `terms` a list of strings, `updatedAt`. It has no
 * gsi1 keys, so no inbox listing shows it. Absent = the built-in defaults apply (services/prompt-screening.ts).
 */
const KEY = { pk: 'settings#blocked-terms', sk: 'settings' };

export interface BlockedTermsItem {
  terms: string[];
  updatedAt: string;
}

/** `abortSignal` bounds the read (the screen falls back to its last list rather than wait). */
export async function getBlockedTerms(opts: { abortSignal?: AbortSignal } = {}): Promise<BlockedTermsItem | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: config().MESSAGES_TABLE, Key: KEY }), opts);
  if (!out.Item) return undefined;
  const terms = Array.isArray(out.Item.terms) ? out.Item.terms.filter((t): t is string => typeof t === 'string') : [];
  return { terms, updatedAt: String(out.Item.updatedAt ?? '') };
}

/** Replaces the whole list (the operator console's save, `npm run safety:terms`). */
export async function putBlockedTerms(terms: string[], updatedAt = clock.date().toISOString()): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config().MESSAGES_TABLE, Item: { ...KEY, terms, updatedAt } }));
}
