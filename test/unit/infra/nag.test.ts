import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnResource, Stack, Stage, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appContextSchema } from '../../../infra/lib/context';
import { ACKNOWLEDGEMENTS } from '../../../infra/lib/nag-acknowledgements';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';

/** The context `cdk synth` uses (feature flags included), so the checked template is the deployed one. */
const cdkJson = JSON.parse(readFileSync(new URL('../../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

let app: App;
let stacks: ArtloomStack[];
let synthError: unknown;
beforeAll(() => {
  app = new App({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
  // As bin/app.ts builds it: no account in the environment, a built site (so the site's deployment is checked too).
  const site = mkdtempSync(join(tmpdir(), 'artloom-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  writeFileSync(join(site, 'app.js'), '');
  stacks = [
    new ArtloomStack(app, 'Nag', { context: appContextSchema.parse({}), env: { region: 'us-east-1' }, siteDir: site }),
    // The optional parts that change grants: image moderation, no prompt guardrail, a fixed AMI without warm pool.
    new ArtloomStack(app, 'NagOptions', {
      context: appContextSchema.parse({
        imageModeration: 'rekognition',
        promptGuardrail: 'off',
        amiId: 'ami-0123456789abcdef0',
        gpuWarmPoolSize: 0,
      }),
      env: { region: 'us-east-1' },
      siteDir: site,
    }),
  ];
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  try {
    app.synth();
  } catch (err) {
    synthError = err;
  }
}, 120_000);

function* all(root: IConstruct): Generator<IConstruct> {
  yield root;
  for (const child of root.node.children) yield* all(child);
}

/** Every acknowledgement in the app: where it sits, its id and its reason. */
function acknowledgements(): { path: string; at: IConstruct; id: string; reason: string }[] {
  const found: { path: string; at: IConstruct; id: string; reason: string }[] = [];
  for (const c of all(app)) {
    for (const entry of c.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) found.push({ path: c.node.path, at: c, id, reason });
    }
  }
  return found;
}

describe('cdk-nag on the app as `cdk synth` builds it', () => {
  it('has zero unacknowledged AwsSolutions findings', () => {
    expect(synthError).toBeUndefined();
  });

  it('acknowledges nothing for a whole app, stage, stack or domain construct: each names one resource', () => {
    const list = acknowledgements();
    expect(list.length).toBeGreaterThan(0);
    const vague = list.filter(
      ({ at }) => at instanceof App || Stage.isStage(at) || Stack.isStack(at) || !(CfnResource.isCfnResource(at) || at.node.defaultChild),
    );
    expect(vague.filter((a) => a.id.startsWith('AwsSolutions::')).map((a) => `${a.path}: ${a.id}`)).toEqual([]);
  });

  it('acknowledges from the register only, each finding listed for its own resource, and lists nothing the stacks do not have', () => {
    const seen = new Map<string, Set<string>>();
    for (const stack of stacks) {
      for (const [resource, keys] of stack.knownFindings.seen) seen.set(resource, new Set([...(seen.get(resource) ?? []), ...keys]));
    }
    const stale = Object.entries(ACKNOWLEDGEMENTS).flatMap(([resource, { findings }]) =>
      findings.filter((f) => !seen.get(resource)?.has(f)).map((f) => `${resource}: ${f}`),
    );
    expect(stale).toEqual([]);
    // A grant of a known shape on a resource without that finding in its entry stays open.
    const probe = stacks[0] as ArtloomStack;
    const key = probe.knownFindings.findingKey('IAM5[Resource::<datajobstableAF7E5D92.Arn>/index/*]');
    expect(key).toBe('IAM5[Resource::<data/jobs-table>/index/*]');
    expect(ACKNOWLEDGEMENTS['api/ads']?.findings).not.toContain(key);
    for (const { path, reason } of acknowledgements().filter((a) => a.id.includes('IAM'))) {
      expect(reason, path).not.toMatch(
        /^Action group written by a CDK grant helper|take no resource ARN \(IAM service authorization reference\), so the statement names \*\.$/,
      );
    }
  });

  it('gives every acknowledgement a reason of its own', () => {
    for (const { path, id, reason } of acknowledgements()) expect(reason.length, `${path} ${id}`).toBeGreaterThan(30);
  });
});
