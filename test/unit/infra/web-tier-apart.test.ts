import { describe, expect, it } from 'vitest';
import type { CfnTemplate } from '../../../local/iam/template';
import { synthTemplate } from '../../fixtures/synth-template';

/**
 * Issue 31 item 2: the web tier never waits for the GPU image. CloudFormation creates a resource only after every
 * resource it names (Ref, Fn::GetAtt, Fn::Sub, DependsOn) exists; the Image Builder image takes 30–45 minutes to
 * build. So no distribution, function, API route or integration, user-pool client or state machine may reach the
 * image through that graph: the site is up while the image builds.
 */
function namedIn(value: unknown, ids: Set<string>, out: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) namedIn(v, ids, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'Ref' && typeof v === 'string' && ids.has(v)) out.add(v);
      else if (key === 'Fn::GetAtt' && Array.isArray(v) && typeof v[0] === 'string' && ids.has(v[0])) out.add(v[0]);
      else if (key === 'Fn::GetAtt' && typeof v === 'string' && ids.has(v.split('.')[0] ?? '')) out.add(v.split('.')[0] ?? '');
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(v) ? v[0] : v;
        if (typeof text === 'string') for (const m of text.matchAll(/\$\{([^}.!]+)/g)) if (ids.has(m[1] ?? '')) out.add(m[1] ?? '');
        namedIn(v, ids, out);
      } else namedIn(v, ids, out);
    }
  }
}

/** Every resource each resource waits for, transitively. */
function waitsFor(template: CfnTemplate): Map<string, Set<string>> {
  const resources = template.Resources as Record<string, { DependsOn?: string | string[]; Properties?: unknown }>;
  const ids = new Set(Object.keys(resources));
  const direct = new Map<string, Set<string>>();
  for (const [id, r] of Object.entries(resources)) {
    const out = new Set<string>([r.DependsOn ?? []].flat());
    namedIn(r.Properties, ids, out);
    direct.set(id, out);
  }
  const all = new Map<string, Set<string>>();
  const visit = (id: string): Set<string> => {
    const known = all.get(id);
    if (known) return known;
    const acc = new Set<string>();
    all.set(id, acc);
    for (const d of direct.get(id) ?? []) {
      acc.add(d);
      for (const dd of visit(d)) acc.add(dd);
    }
    return acc;
  };
  for (const id of ids) visit(id);
  return all;
}

const WEB_TIER = new Set([
  'AWS::CloudFront::Distribution',
  'AWS::Lambda::Function',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Stage',
  'AWS::Cognito::UserPoolClient',
  'AWS::StepFunctions::StateMachine',
  'AWS::S3::Bucket',
  'AWS::DynamoDB::Table',
]);

describe('the web tier apart from the GPU image', () => {
  it('creates no distribution, function, route, user-pool client or state machine after the image', () => {
    const template = synthTemplate('apart');
    const resources = template.Resources as Record<string, { Type: string }>;
    const images = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::ImageBuilder::Image')
      .map(([id]) => id);
    expect(images).toHaveLength(1);
    const graph = waitsFor(template);
    const waiting = Object.entries(resources)
      .filter(([id, r]) => WEB_TIER.has(r.Type) && images.some((image) => graph.get(id)?.has(image)))
      .map(([id, r]) => `${r.Type} ${id}`);
    expect(waiting).toEqual([]);
    // The fleet itself does wait for it (its launch template runs the image).
    const groups = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::AutoScaling::AutoScalingGroup');
    expect(groups.every(([id]) => images.some((image) => graph.get(id)?.has(image)))).toBe(true);
  });
});
