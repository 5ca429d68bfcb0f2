import { createHash } from 'node:crypto';

/**
 * The gallery id of picture `index` of a job (shared/variants.ts): picture 0 keeps the job's id, as
 * before variants; picture i > 0 a UUID derived from the job's id and i (SHA-1 in the version-5
 * layout), so a retried step writes the same ids and the job record need not list them.
 */
export function pictureId(jobId: string, index: number): string {
  if (index === 0) return jobId;
  const hex = createHash('sha1').update(`${jobId}#${index}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The staging name of picture `index` of a job (adapters/job-staging.ts stagingKey): picture 0 keeps the
 * job's own (`staging/<jobId>.png`, as before variants), picture i `staging/<jobId>.<i>.png`, so the
 * reconciler's sweep still finds the job of every staging object. The worker stages under it; the
 * reconciler removes every picture's by it.
 */
export const stagingName = (jobId: string, index: number): string => (index === 0 ? jobId : `${jobId}.${index}`);
