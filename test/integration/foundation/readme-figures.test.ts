import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS, FUNCTIONS_DIR } from '../../../infra/lib/lambda-functions';
import { cloudAssembly } from '../../../local/functions/cloud-assembly';
import type { BuiltFunction } from '../../../scripts/build-lambdas';

/**
 * No drift (issue 34 item 6): the README's figures about the stack are those of the stack `npm run synth`
 * writes (the cloud assembly the integration run made fresh: cdk.json's context, the SPA deployment too).
 */
const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');

describe('README figures', () => {
  it('names as many functions of ours, functions in the template and template resources as the stack has', async () => {
    const resources = Object.values((await cloudAssembly()).template.Resources);
    const claim =
      /(\d+) functions of ours \((\d+) in the template with CDK's helpers\) where\s+there were 46; (\d+) template resources/.exec(readme);
    expect(claim, 'the README sentence with the figures').not.toBeNull();
    const [, ours, inTemplate, total] = claim ?? [];
    expect({ ours: Number(ours), inTemplate: Number(inTemplate), total: Number(total) }).toEqual({
      ours: FUNCTIONS.length,
      inTemplate: resources.filter((r) => r.Type === 'AWS::Lambda::Function').length,
      total: resources.length,
    });
  });

  it('prices as many alarms in docs/deploy.md as the stack has', async () => {
    const resources = Object.values((await cloudAssembly()).template.Resources);
    const deploy = readFileSync(join(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');
    const claim = /\| – CloudWatch alarms and dashboard \| month \| (\d+) alarms/.exec(deploy);
    expect(claim, 'the cost table row of the alarms').not.toBeNull();
    expect(Number(claim?.[1])).toBe(resources.filter((r) => r.Type === 'AWS::CloudWatch::Alarm').length);
  });
});

/**
 * The bundle figures (issue 34 item 6): what the README says of the Lambda bundles is what the build the
 * integration run made wrote to dist/functions/build.json — sizes in kB of 1,024 bytes as `npm run bench -- lambda-bundles` prints them, within 2 % (a commit that moves a
 * bundle by a few bytes needs no README edit; one that moves the median by 13 kB does), names exact.
 */
describe('README bundle figures', () => {
  const near = (claimKb: number, bytes: number) => Math.abs(claimKb - bytes / 1024) <= Math.max(2, 0.02 * (bytes / 1024));

  it('gives the count, median, largest and smallest bundle of the build', async () => {
    await cloudAssembly();
    const built = (JSON.parse(readFileSync(join(FUNCTIONS_DIR, 'build.json'), 'utf8')) as { functions: BuiltFunction[] }).functions;
    const bySize = [...built].sort((a, b) => a.bytes - b.bytes);
    const median = bySize[Math.floor((bySize.length - 1) / 2)];
    const medianGzip = [...built].map((b) => b.gzipBytes).sort((a, b) => a - b)[Math.floor((built.length - 1) / 2)] ?? 0;
    const largest = bySize.at(-1);
    const smallest = bySize[0];
    const claim =
      /(\d+) bundles, median (\d+) kB raw \/ (\d+) kB gzip, largest (\d+) kB \(`([\w-]+)`\), smallest (\d+) kB\s+\(`([\w-]+)`\)/.exec(
        readme,
      );
    expect(claim, 'the README sentence with the bundle figures').not.toBeNull();
    const [, count, medianKb, gzipKb, largestKb, largestId, smallestKb, smallestId] = claim ?? [];
    expect(Number(count)).toBe(built.length);
    expect(near(Number(medianKb), median?.bytes ?? 0), `median ${medianKb} kB claimed, built ${median?.bytes} bytes`).toBe(true);
    expect(near(Number(gzipKb), medianGzip), `median gzip ${gzipKb} kB claimed, built ${medianGzip} bytes`).toBe(true);
    expect([largestId, near(Number(largestKb), largest?.bytes ?? 0)]).toEqual([largest?.id, true]);
    expect([smallestId, near(Number(smallestKb), smallest?.bytes ?? 0)]).toEqual([smallest?.id, true]);
    // The bench table's row says the same median and range.
    const row = /median \*\*(\d+) kB raw \((\d+)–(\d+)\) \/ (\d+) kB gzip\*\*/.exec(readme);
    expect(row, 'the lambda-bundles row of the bench table').not.toBeNull();
    expect(row?.slice(1).map(Number)).toEqual([Number(medianKb), Number(smallestKb), Number(largestKb), Number(gzipKb)]);
  });
});
