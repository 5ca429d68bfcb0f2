import type { QuotaResponse } from '../../shared/schemas/safety';
import { countOf } from '../../shared/variants';
import { readCount } from '../adapters/counters-table';
import { refundFailedJob } from '../adapters/job-admission';
import type { JobItem } from '../adapters/jobs-table';
import { clock } from '../lib/clock';
import { config } from '../lib/config';
import { networkOf } from '../lib/network';
import { type RateLimit, windowCount, windowOf } from './rate-limit';

const HOUR = 3600;

/**
 * The hourly generation caps exactly as startGeneration (services/generation.ts) consumes them:
 * same scopes, same subjects, same windows, so the meter reads the counters that decide the 429.
 * (generation.ts keeps its own literals so that its admission code stays untouched; the quota
 * integration test fails if the two ever drift.)
 */
function generationCaps(): { visitor: RateLimit; network: RateLimit } {
  const cfg = config();
  return {
    visitor: { scope: 'gen-user', limit: cfg.GEN_USER_HOURLY, windowSeconds: HOUR },
    network: { scope: 'gen-ip', limit: cfg.GEN_IP_HOURLY, windowSeconds: HOUR },
  };
}

/** GET /api/generate/quota: what is left of the cap that binds first, and when the window frees. */
export async function generationQuota(userId: string, sourceIp: string, now = clock.now()): Promise<QuotaResponse> {
  const { visitor, network } = generationCaps();
  const [v, n] = await Promise.all([left(visitor, userId, now), left(network, networkOf(sourceIp, 'generate'), now)]);
  const enforced = [v, n].filter((x) => x.enforced);
  // Fewest left binds; on a tie the visitor's own cap is the one to show.
  const binding = enforced.reduce<typeof v | undefined>((best, x) => (!best || x.remaining < best.remaining ? x : best), undefined);
  const shown = binding ?? v;
  return {
    scope: shown === n ? 'network' : 'visitor',
    limit: shown.limit,
    remaining: shown.remaining,
    resetsAt: new Date(shown.resetsAtSeconds * 1000).toISOString(),
    enforced: binding !== undefined,
  };
}

async function left(rule: RateLimit, subject: string, now: number) {
  const { windowStart, windowEnd } = windowOf(rule, now);
  if (rule.limit <= 0) return { enforced: false, limit: 0, remaining: 0, resetsAtSeconds: windowEnd };
  const used = await readCount(`rl#${rule.scope}#${subject}`, windowStart);
  return { enforced: true, limit: rule.limit, remaining: Math.max(0, rule.limit - used), resetsAtSeconds: windowEnd };
}

/**
 * A job that failed through no doing of the visitor's (the generator could not take it; a GPU,
 * dispatch or store step failed; a timeout) is not charged: its hourly counts, in the windows they
 * were counted in, are given back, once however many times this runs (job-admission.ts refundFailedJob):
 * one unit per picture it asked for, since a failed job stores none of them (issue 32). A job that ended
 * done keeps them; a cancelled one is refundCancelledJob's. Called by MarkFailed, startGeneration and the
 * reconciler; docs/safety.md section 3, "Quota refunds". The operator's jobs are charged nothing, so refunded nothing.
 */
export async function refundJob(job: RefundableJob): Promise<boolean> {
  return refundFailedJob(job.jobId, chargedCounts(job), { units: countOf(job) });
}

/**
 * A job that ends done with fewer pictures than it asked (the reconciler found its first pictures stored after its
 * flow stopped): the units of the pictures it did not make go back, as a failure's would (issue 30 item 4: nothing
 * charged wrongly). Called while the job is still open (the refund's condition), before it is marked done; once, by
 * the job's refund mark. Answers whether this call gave them back.
 */
export async function refundUnmadePictures(job: RefundableJob, made: number): Promise<boolean> {
  return refundFailedJob(job.jobId, chargedCounts(job), { units: countOf(job) - made });
}

/**
 * The visitor's cancel gives back the units of the pictures not made when it landed (issue 32): a picture
 * the worker had already finished, checked and shown to its author counts as made (the GPU's work is
 * done, and it was seen), and a cancelled job keeps at least one unit, as before variants (so starting
 * and cancelling jobs, each of which may start a GPU, is never free). Once: the job's refund mark, on
 * condition that it ended cancelled. A job of 1 thus keeps its unit; a job of 4 cancelled after 1 picture gets 3 back.
 */
export async function refundCancelledJob(job: RefundableJob, made: number): Promise<boolean> {
  return refundFailedJob(job.jobId, chargedCounts(job), { units: countOf(job) - Math.max(1, made), cancelled: true });
}

type RefundableJob = Pick<JobItem, 'jobId' | 'userId' | 'sourceIp' | 'createdAt' | 'category' | 'count'>;

/** The windows a job was counted in, as startGeneration counted them. */
function chargedCounts(job: RefundableJob) {
  const at = Date.parse(job.createdAt);
  const { visitor, network } = generationCaps();
  // An operator's job (stored in a category) was charged to no cap: there is nothing of anyone's to give back.
  const counts = job.category
    ? []
    : [
        { rule: visitor, subject: job.userId },
        ...(job.sourceIp ? [{ rule: network, subject: networkOf(job.sourceIp, 'generate') }] : []),
      ].filter((c) => c.rule.limit > 0);
  return counts.map((c) => windowCount(c.rule, c.subject, at));
}
