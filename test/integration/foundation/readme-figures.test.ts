import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS } from '../../../infra/lib/lambda-functions';
import { cloudAssembly } from '../../../local/functions/cloud-assembly';

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
