import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContext } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';
import { type CloudAssembly, cloudAssembly } from '../../../local/functions/cloud-assembly';
import type { CfnTemplate } from '../../../local/iam/template';
import { startTestApp, type TestApp } from '../../support/local-app';
import { validContact } from './support';

/**
 * The operator's email, as a stack deployed with `notifyEmail`/`notifyFrom` sends it: the same
 * bundles, the template synthesized with that context (its NOTIFY_* variables and the SES grant on
 * the sender's domain), the contact function's SendEmail through the gateway to the local SES
 * stand-in, checked against the function's role. Removing the SES grant (infra/lib/constructs/api.ts,
 * `ses:send`) fails this test: docs/local.md.
 */
const NOTIFY = { notifyEmail: 'ops@example.com', notifyFrom: 'artloom@example.com' };

/** The run's cloud assembly with its template synthesized again in-process with the mail context. */
async function assemblyWithMail(): Promise<CloudAssembly> {
  const base = await cloudAssembly();
  const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '../../../cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  const outdir = mkdtempSync(join(tmpdir(), 'artloom-mail-synth-'));
  try {
    const app = new App({
      outdir,
      context: { ...cdkJson.context, ...NOTIFY, 'aws:cdk:bundling-stacks': [], 'aws:cdk:enable-asset-metadata': true },
    });
    const context = readContext((key) => app.node.tryGetContext(key));
    new ArtloomStack(app, base.stackName, { context, env: { region: context.region } });
    const template = app.synth().getStackByName(base.stackName).template as CfnTemplate;
    // The functions' code is what the run built: each function's asset folder is the run's (same bundles).
    for (const [logicalId, resource] of Object.entries(template.Resources)) {
      const built = base.template.Resources[logicalId];
      if (resource.Type !== 'AWS::Lambda::Function' || !built?.Metadata) continue;
      resource.Metadata = { ...resource.Metadata, 'aws:asset:path': built.Metadata['aws:asset:path'] };
    }
    return { ...base, template };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('operator notification by SES (local stand-in behind the gateway)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      assembly: await assemblyWithMail(),
      env: { FORMS_RATE_LIMIT_PER_MINUTE: '0', FORMS_RATE_LIMIT_PER_HOUR: '0', LOG_LEVEL: 'SILENT' },
    });
  }, 240_000);
  afterAll(async () => app?.stop());

  it('emails the operator a stored contact message from the configured sender, with the call allowed by the role', async () => {
    const res = await app.api('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validContact),
    });
    expect(res.status).toBe(201);
    expect(app.deployment.gateway.stats.denied).toEqual([]);
    expect(app.mail.sent).toHaveLength(1);
    expect(app.mail.sent[0]).toMatchObject({ from: NOTIFY.notifyFrom, to: [NOTIFY.notifyEmail] });
    expect(app.mail.sent[0]?.text).toContain(validContact.message);
  });
});
