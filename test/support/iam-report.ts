import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Denial } from '../../local/iam/gateway';

/**
 * The run's permission checks, added up: every local app of the run (integration and e2e) writes
 * what its gateway evaluated (local/app.ts) into IAM_REPORT_DIR; the global teardown prints the total
 * and fails the run on any denial, naming the function, action, resource and what was missing.
 */
export const IAM_REPORT_DIR = join(import.meta.dirname, '../../test-results/iam');

export function clearIamReport(): void {
  rmSync(IAM_REPORT_DIR, { recursive: true, force: true });
}

export function summarizeIamReport(label: string): void {
  const files = existsSync(IAM_REPORT_DIR) ? readdirSync(IAM_REPORT_DIR).filter((f) => f.endsWith('.json')) : [];
  let evaluated = 0;
  let requests = 0;
  const denied: Denial[] = [];
  for (const file of files) {
    const report = JSON.parse(readFileSync(join(IAM_REPORT_DIR, file), 'utf8')) as {
      evaluated: number;
      requests: number;
      denied: Denial[];
    };
    evaluated += report.evaluated;
    requests += report.requests;
    denied.push(...report.denied);
  }
  console.info(
    `[${label}] permission checks: ${evaluated} AWS calls evaluated (${requests} requests through the gateway, ${files.length} apps), ${denied.length} denied`,
  );
  if (denied.length) {
    const lines = denied.slice(0, 20).map((d) => `  - ${d.principal}: ${d.action} on ${d.resource}: ${d.explanation}`);
    throw new Error(`${denied.length} AWS call(s) were denied by the synthesized IAM policies:\n${lines.join('\n')}`);
  }
}
