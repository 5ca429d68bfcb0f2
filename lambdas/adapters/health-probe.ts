import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { AGAIN, retry } from '../lib/retry';
import { DeadlineError, within } from '../lib/within';
import { dynamo, s3 } from './aws-clients';

export interface DependencyState {
  ok: boolean;
  /** `timeout`: no answer within the probe's budget (a stalled store); `down`: it answered with an error. */
  state: 'up' | 'down' | 'timeout';
  latencyMs: number;
  error?: string;
}

/** Pause before a failed probe's second try. */
const RETRY_AFTER_MS = 100;
/** A second try needs at least this much of the budget left to be worth starting. */
const MIN_TRY_MS = 200;

/** The longest one dependency's probe may take, whatever the function's deadline. */
export const PROBE_BUDGET_MAX_MS = 3000;
/** The share of the function's remaining time one dependency's probe may take (they run side by side). */
const PROBE_BUDGET_SHARE = 0.3;

/**
 * What one dependency's probe may spend, from the invocation's remaining time: well under the
 * function's deadline, so /api/health always answers with its dependencies (a stalled DynamoDB
 * once took two 5 s tries and the function's 10 s deadline answered instead: issue 23).
 */
export function probeBudgetMs(remainingMs: number): number {
  return Math.max(MIN_TRY_MS, Math.min(PROBE_BUDGET_MAX_MS, Math.floor(remainingMs * PROBE_BUDGET_SHARE)));
}

/**
 * Times one probe within `budgetMs`. A dependency counts as down only when two tries in a row fail:
 * one dropped connection or slow answer (a busy stand-in, a new TCP connection in AWS) is not an
 * outage. The first try gets two thirds of the budget, a second what is left; a stalled store
 * therefore costs the budget and is reported `timeout`. Every failed try is logged with its error.
 */
async function timed(name: string, budgetMs: number, probe: (signal: AbortSignal) => Promise<unknown>): Promise<DependencyState> {
  // The one clock (lib/clock.ts): a test runs the budget on fake timers instead of the wall's.
  const started = clock.now();
  const elapsed = () => clock.now() - started;
  let failure: { timedOut: boolean; error?: string } = { timedOut: false };
  const failed = (): DependencyState => ({
    ok: false,
    state: failure.timedOut ? 'timeout' : 'down',
    latencyMs: elapsed(),
    error: failure.error,
  });
  return retry<DependencyState>(
    async (index) => {
      const attempt = index + 1;
      const left = budgetMs - elapsed();
      try {
        await within(attempt === 1 ? Math.round((budgetMs * 2) / 3) : left, probe);
        return { ok: true, state: 'up', latencyMs: elapsed() };
      } catch (err) {
        const { name: error, message } = err as Error;
        logger.warn('health probe failed', { dependency: name, attempt, error, message });
        failure = { timedOut: err instanceof DeadlineError || error === 'AbortError' || error === 'TimeoutError', error };
        return budgetMs - elapsed() - RETRY_AFTER_MS < MIN_TRY_MS ? failed() : AGAIN;
      }
    },
    { attempts: 2, delayMs: () => RETRY_AFTER_MS, exhausted: failed },
  );
}

/**
 * Reads one absent key and heads the images bucket: cheap, and proves the grant and the endpoint.
 * Never throws; each dependency is answered within `budgetMs` (probeBudgetMs).
 */
export async function probeDependencies(budgetMs = PROBE_BUDGET_MAX_MS): Promise<Record<'dynamodb' | 's3', DependencyState>> {
  const { IMAGES_TABLE, IMAGES_BUCKET } = config();
  const [dynamodb, storage] = await Promise.all([
    timed('dynamodb', budgetMs, (abortSignal) =>
      dynamo().send(new GetCommand({ TableName: IMAGES_TABLE, Key: { pk: 'health', sk: 'health' } }), { abortSignal }),
    ),
    timed('s3', budgetMs, (abortSignal) => s3().send(new HeadBucketCommand({ Bucket: IMAGES_BUCKET }), { abortSignal })),
  ]);
  return { dynamodb, s3: storage };
}
