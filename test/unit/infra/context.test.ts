import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { appContextSchema, readContext } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { synthStack } from '../../fixtures/stack';

const read = (ctx: Record<string, unknown>) => readContext((key) => ctx[key]);
const stackIn = (region: string, ctx: Record<string, unknown> = {}) =>
  new ArtloomStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Region', {
    context: appContextSchema.parse(ctx),
    env: { account: '123456789012', region },
  });

describe('deploy context', () => {
  it('requires alarmEmail for stage=prod, with a plain message naming the key', () => {
    expect(() => read({ stage: 'prod' })).toThrow(/alarmEmail is required for stage=prod: pass -c alarmEmail=/);
    expect(read({ stage: 'prod', alarmEmail: 'ops@example.com' }).alarmEmail).toBe('ops@example.com');
    expect(read({}).alarmEmail).toBeUndefined();
  });

  it('refuses a region where the WAF cannot attach unless the operator opts out with allowNoWaf', () => {
    expect(() => read({ region: 'eu-west-1' })).toThrow(/region=eu-west-1: the WAF cannot attach.*-c allowNoWaf=true/);
    expect(read({ region: 'eu-west-1', allowNoWaf: 'true' }).allowNoWaf).toBe(true);
    expect(read({}).allowNoWaf).toBe(false);
    // The stack checks its own region too, whatever built its context.
    expect(() => stackIn('eu-west-1')).toThrow(/allowNoWaf/);
    const template = Template.fromStack(stackIn('eu-west-1', { allowNoWaf: true }));
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });

  it('leaves the cost-anomaly monitor off unless costAnomalyMonitor turns it on (one per account)', () => {
    expect(read({}).costAnomalyMonitor).toBe(false);
    const { template } = synthStack('NoAnomaly');
    template.resourceCountIs('AWS::CE::AnomalyMonitor', 0);
    template.resourceCountIs('AWS::CE::AnomalySubscription', 0);
    expect(read({ costAnomalyMonitor: 'true' }).costAnomalyMonitor).toBe(true);
  });

  it("lists every context key with its default in the README's deploy section", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const deploy = readme.slice(readme.indexOf('## Deploy'), readme.indexOf('\n## ', readme.indexOf('## Deploy') + 1));
    const rows = deploy.split('\n').filter((l) => l.startsWith('| `'));
    const missing = Object.keys(appContextSchema.shape).filter((key) => !rows.some((r) => r.split('|')[1]?.includes(`\`${key}\``)));
    expect(missing).toEqual([]);
    // Each row names a default (second column), `unset` included.
    for (const row of rows) expect(row.split('|')[2]?.trim(), row).not.toBe('');
  });
});
