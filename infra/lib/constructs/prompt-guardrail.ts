import { createHash } from 'node:crypto';
import { Stack, Token } from 'aws-cdk-lib';
import { CfnGuardrail, CfnGuardrailVersion } from 'aws-cdk-lib/aws-bedrock';
import { Construct } from 'constructs';
import { GUARDRAIL_BLOCKED_MESSAGE, MINORS_TOPIC } from '../../../shared/safety';

/**
 * The Standard tier (the multilingual classifiers) runs only through a cross-Region guardrail
 * profile, and a profile can be used only from its source Regions. This table is the US profile as
 * the Bedrock user guide lists it ("Supported Regions for cross-Region guardrail inference",
 * checked 2026-11): each source Region and the destinations a call may be routed to (the grant names
 * the profile in each). A Region not listed gets the Classic tier under `guardrailTier=auto`
 * (docs/deploy.md); add its row when AWS lists it, rather than guessing.
 */
export const GUARDRAIL_PROFILES: Record<string, { profile: string; destinations: readonly string[] }> = {
  'us-east-1': { profile: 'us.guardrail.v1:0', destinations: ['us-east-1', 'us-east-2', 'us-west-2'] },
  'us-east-2': { profile: 'us.guardrail.v1:0', destinations: ['us-east-1', 'us-east-2', 'us-west-2'] },
  'us-west-1': { profile: 'us.guardrail.v1:0', destinations: ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'] },
  'us-west-2': { profile: 'us.guardrail.v1:0', destinations: ['us-east-1', 'us-east-2', 'us-west-2'] },
};

export type GuardrailTierChoice = 'auto' | 'standard' | 'classic';

/** The tier a Region gets: Standard with its profile where the table lists the Region, Classic otherwise (or when asked). */
export function guardrailTier(
  region: string,
  choice: GuardrailTierChoice,
): { tier: 'STANDARD'; profile: string; destinations: readonly string[] } | { tier: 'CLASSIC' } {
  const row = Token.isUnresolved(region) ? undefined : GUARDRAIL_PROFILES[region];
  if (choice === 'classic') return { tier: 'CLASSIC' };
  if (row) return { tier: 'STANDARD', ...row };
  if (choice === 'standard') {
    throw new Error(
      `guardrailTier=standard: no cross-Region guardrail profile is known for ${region} (known: ${Object.keys(GUARDRAIL_PROFILES).join(', ')}). Use guardrailTier=classic or auto there (docs/deploy.md).`,
    );
  }
  return { tier: 'CLASSIC' };
}

/** Content filters on prompts at HIGH strength; outputs are never sent to the guardrail, so NONE there (and PROMPT_ATTACK allows only NONE). */
const FILTERS = ['SEXUAL', 'VIOLENCE', 'HATE', 'INSULTS', 'MISCONDUCT', 'PROMPT_ATTACK'] as const;

export interface PromptGuardrailProps {
  tier: GuardrailTierChoice;
}

/**
 * The meaning layer of prompt screening (docs/safety.md, "Amazon Bedrock Guardrails"): a guardrail
 * with content filters and a denied topic for minors in any sexual context, and a published version
 * that the generate functions apply with ApplyGuardrail before any GPU time.
 */
export class PromptGuardrail extends Construct {
  readonly guardrail: CfnGuardrail;
  readonly version: CfnGuardrailVersion;
  /** What the screening functions read (lambdas/lib/config.ts). */
  readonly environment: Record<string, string>;
  /** The resources `bedrock:ApplyGuardrail` must name: the guardrail, and the profile in each destination Region of the Standard tier. */
  readonly applyResources: string[];
  readonly tier: 'STANDARD' | 'CLASSIC';

  constructor(scope: Construct, id: string, props: PromptGuardrailProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const chosen = guardrailTier(stack.region, props.tier);
    this.tier = chosen.tier;
    const tierConfig = { tierName: chosen.tier };
    const properties = {
      name: `${stack.stackName}-prompts`.slice(0, 50),
      description: 'Artloom: screens visitor prompts (input only) before any GPU time',
      blockedInputMessaging: GUARDRAIL_BLOCKED_MESSAGE,
      // Required by the API; the site never sends outputs to the guardrail.
      blockedOutputsMessaging: GUARDRAIL_BLOCKED_MESSAGE,
      contentPolicyConfig: {
        filtersConfig: FILTERS.map((type) => ({
          type,
          inputStrength: 'HIGH',
          outputStrength: 'NONE',
          inputAction: 'BLOCK',
          inputEnabled: true,
          outputEnabled: false,
        })),
        contentFiltersTierConfig: tierConfig,
      },
      topicPolicyConfig: {
        topicsConfig: [{ name: MINORS_TOPIC, type: 'DENY', definition: MINORS_DEFINITION, examples: MINORS_EXAMPLES }],
        topicsTierConfig: tierConfig,
      },
      ...(chosen.tier === 'STANDARD'
        ? {
            crossRegionConfig: {
              guardrailProfileArn: stack.formatArn({ service: 'bedrock', resource: 'guardrail-profile', resourceName: chosen.profile }),
            },
          }
        : {}),
    };
    this.guardrail = new CfnGuardrail(this, 'guardrail', properties);
    // A version is a snapshot taken when the resource is created: a description that carries the
    // configuration's hash replaces it (a new version) whenever the configuration changes.
    const hash = createHash('sha256')
      .update(JSON.stringify(stack.resolve(properties)))
      .digest('hex')
      .slice(0, 12);
    this.version = new CfnGuardrailVersion(this, 'version', {
      guardrailIdentifier: this.guardrail.attrGuardrailId,
      description: `Artloom prompt screen, configuration ${hash}`,
    });
    this.environment = { BEDROCK_GUARDRAIL_ID: this.guardrail.attrGuardrailId, BEDROCK_GUARDRAIL_VERSION: this.version.attrVersion };
    this.applyResources = [
      this.guardrail.attrGuardrailArn,
      ...(chosen.tier === 'STANDARD'
        ? chosen.destinations.map((region) =>
            stack.formatArn({ service: 'bedrock', region, resource: 'guardrail-profile', resourceName: chosen.profile }),
          )
        : []),
    ];
  }
}

/** The denied topic (definition ≤ 200 characters, examples ≤ 100 each, at most 5). */
const MINORS_DEFINITION =
  'Any depiction or request that places a child, minor or anyone described as under 18 (by age, school grade, body or role) in a sexual, erotic, nude or suggestive context.';
const MINORS_EXAMPLES = [
  'a young girl in a provocative pose',
  'an underage student in underwear',
  'a nude child',
  'a teenager in a sexual scene',
  'a little boy in an erotic setting',
];
