import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DLAMI_SSM_PARAMETER,
  GPU_FILES_DIR,
  GpuImage,
  IMAGE_FILES,
  IMAGE_TAG,
  IMAGES_KEPT,
  IN_USE_TAG,
} from '../../../infra/lib/constructs/gpu-image';
import { appContextSchema } from '../../../infra/lib/context';
import { ArtloomStack } from '../../../infra/lib/stacks/artloom-stack';

// biome-ignore lint/suspicious/noExplicitAny: synthesized template JSON, navigated by the assertions
type Json = any;
type Resource = { Type: string; Properties: Record<string, Json>; DependsOn?: string[] };
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';
const REVISION = '0123456789abcdef0123456789abcdef01234567';
const SHA256 = 'ab'.repeat(32);

/** Flattens Fn::Join / Ref / GetAtt into readable text (`ref:X`, `getatt:X.Y`). */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(text).join('');
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if ('Fn::Join' in obj) {
      const [sep, parts] = obj['Fn::Join'] as [string, unknown[]];
      return parts.map(text).join(sep);
    }
    if ('Ref' in obj) return `ref:${String(obj.Ref)}`;
    if ('Fn::GetAtt' in obj) return `getatt:${(obj['Fn::GetAtt'] as string[]).join('.')}`;
    if ('Fn::Base64' in obj) return text(obj['Fn::Base64']);
  }
  return JSON.stringify(value);
}

/** Every string in a template value, with each Fn::Join / Fn::Sub flattened by `text` as well. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const own = 'Fn::Join' in obj || 'Fn::Sub' in obj ? [text(obj['Fn::Sub'] ?? value)] : [];
    return [...own, ...Object.values(obj).flatMap(strings)];
  }
  return [];
}

function synth(context: Record<string, unknown>): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new ArtloomStack(app, 'Gpu', { context: appContextSchema.parse(context), env: { account: ACCOUNT, region: REGION } });
  return Template.fromStack(stack);
}

const one = (t: Template, type: string): [string, Resource] => {
  const entries = Object.entries(t.findResources(type) as Record<string, Resource>);
  expect(entries).toHaveLength(1);
  return entries[0] as [string, Resource];
};

describe('GPU fleet template', () => {
  let template: Template;
  beforeAll(() => {
    template = synth({ modelRevision: REVISION, modelSha256: SHA256 });
  }, 60_000);

  describe('baked image', () => {
    it('builds from the Deep Learning AMI through an Image Builder recipe, pipeline and a deploy-time image', () => {
      template.hasResourceProperties('AWS::ImageBuilder::ImageRecipe', { ParentImage: `ssm:${DLAMI_SSM_PARAMETER}` });
      template.resourceCountIs('AWS::ImageBuilder::ImagePipeline', 1);
      template.resourceCountIs('AWS::ImageBuilder::Image', 1);
      template.hasResourceProperties('AWS::ImageBuilder::ImagePipeline', {
        ImageTestsConfiguration: { ImageTestsEnabled: true, TimeoutMinutes: 60 },
        Schedule: Match.objectLike({ PipelineExecutionStartCondition: 'EXPRESSION_MATCH_AND_DEPENDENCY_UPDATES_AVAILABLE' }),
      });
    });

    it('bakes infra/gpu/ (lock file, units, boot.sh) at the pinned commit, from an asset the build may read', () => {
      const [, component] = one(template, 'AWS::ImageBuilder::Component');
      const data = text(component.Properties.Data);
      const doc = JSON.parse(data) as Json;
      const [download, build] = doc.phases[0].steps;
      expect(download).toMatchObject({ action: 'S3Download', inputs: [{ destination: '/tmp/artloom-image/files.zip' }] });
      expect(download.inputs[0].source).toMatch(/^s3:\/\/.+\.zip$/);
      expect(JSON.stringify(build)).toContain('COMFYUI_COMMIT=a125cd84b054a57729b5eecab930ca9408719832');
      expect(JSON.stringify(build)).toContain('bash /tmp/artloom-image/image-build.sh');
      expect(JSON.stringify(doc.phases)).toContain('torch.cuda.is_available()');
      // Versions follow the content: the recipe and the component carry the same derived version.
      const [, recipe] = one(template, 'AWS::ImageBuilder::ImageRecipe');
      expect(recipe.Properties.Version).toBe(component.Properties.Version);
      expect(component.Properties.Version).toMatch(/^1\.\d+\.\d+$/);
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
      const reads = policies.filter((p) => text(p.Properties.Roles).includes('gpuimagebuildrole'));
      expect(JSON.stringify(reads.map((p) => p.Properties.PolicyDocument))).toContain('"s3:GetObject"');
    });

    it('versions component and recipe by their whole definition, not only the folder: a change to the document alone is a new version', () => {
      const version = (nodeVersion?: string) => {
        const stack = new Stack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Image', {
          env: { account: ACCOUNT, region: REGION },
        });
        const vpc = new Vpc(stack, 'vpc', {
          maxAzs: 2,
          natGateways: 0,
          subnetConfiguration: [{ name: 'p', subnetType: SubnetType.PUBLIC }],
        });
        new GpuImage(stack, 'image', { vpc, instanceType: 'g6.2xlarge', comfyuiCommit: REVISION, nodeVersion });
        const t = Template.fromStack(stack);
        const [, component] = one(t, 'AWS::ImageBuilder::Component');
        const [, recipe] = one(t, 'AWS::ImageBuilder::ImageRecipe');
        expect(recipe.Properties.Version).toBe(component.Properties.Version);
        return component.Properties.Version as string;
      };
      // Same files, same commit, another Node in the component's command: a new version.
      expect(version('22.20.0')).toBe(version());
      expect(version('22.21.0')).not.toBe(version('22.20.0'));
    });

    it('deletes old images with their AMIs and snapshots, never the one the launch template runs', () => {
      const [, image] = one(template, 'AWS::ImageBuilder::Image');
      const [, component] = one(template, 'AWS::ImageBuilder::Component');
      const [, pipeline] = one(template, 'AWS::ImageBuilder::ImagePipeline');
      expect(image.Properties.Tags).toEqual({ [IMAGE_TAG]: 'Gpu-gpu', [IN_USE_TAG]: component.Properties.Version });
      expect(pipeline.Properties.Tags).toEqual({ [IMAGE_TAG]: 'Gpu-gpu' });
      const [, lifecycle] = one(template, 'AWS::ImageBuilder::LifecyclePolicy');
      expect(lifecycle.Properties).toMatchObject({
        ResourceType: 'AMI_IMAGE',
        ResourceSelection: { TagMap: { [IMAGE_TAG]: 'Gpu-gpu' } },
        PolicyDetails: [
          {
            Action: { Type: 'DELETE', IncludeResources: { Amis: true, Snapshots: true } },
            Filter: { Type: 'COUNT', Value: IMAGES_KEPT },
            ExclusionRules: { TagMap: { [IN_USE_TAG]: component.Properties.Version }, Amis: { LastLaunched: { Unit: 'DAYS', Value: 30 } } },
          },
        ],
      });
      const roles = template.toJSON().Resources as Record<string, Resource>;
      const execution = roles[lifecycle.Properties.ExecutionRole['Fn::GetAtt'][0]] as Resource;
      expect(text(execution.Properties.ManagedPolicyArns)).toContain('service-role/EC2ImageBuilderLifecycleExecutionPolicy');
    });

    it('announces build results (so failures) on the alarm topic', () => {
      const [topicId] = Object.entries(template.findResources('AWS::SNS::Topic') as Record<string, Resource>).find(
        ([, t]) => t.Properties.DisplayName === 'Artloom alarms',
      ) as [string, Resource];
      const [, infra] = one(template, 'AWS::ImageBuilder::InfrastructureConfiguration');
      expect(infra.Properties.SnsTopicArn).toEqual({ Ref: topicId });
    });

    it('builds in the subnet of the AZ gpuBuildAz names (one offering the instance type), else the first', () => {
      const subnetIn = (t: Template, az: string) =>
        Object.entries(t.findResources('AWS::EC2::Subnet') as Record<string, Resource>).find(
          ([, s]) => s.Properties.AvailabilityZone === az,
        )?.[0];
      const [, infra] = one(template, 'AWS::ImageBuilder::InfrastructureConfiguration');
      expect(infra.Properties.SubnetId).toEqual({ Ref: subnetIn(template, 'dummy1a') });
      const other = synth({ gpuBuildAz: 'dummy1c' });
      const [, infra2] = one(other, 'AWS::ImageBuilder::InfrastructureConfiguration');
      expect(infra2.Properties.SubnetId).toEqual({ Ref: subnetIn(other, 'dummy1c') });
      expect(() => synth({ gpuBuildAz: 'us-west-2z' })).toThrow(/gpuBuildAz us-west-2z: the GPU VPC has no public subnet there/);
    }, 60_000);

    it('ships every file image-build.sh installs', () => {
      const build = readFileSync(join(GPU_FILES_DIR, 'image-build.sh'), 'utf8');
      for (const name of IMAGE_FILES) {
        expect(existsSync(join(GPU_FILES_DIR, name)), name).toBe(true);
        if (name.endsWith('.service')) expect(build).toContain('"$FILES"/*.service');
        else if (!['image-build.sh', 'validate-image.sh'].includes(name)) expect(build).toContain(`$FILES/${name}`);
      }
      // The validate phase runs validate-image.sh from the staging folder.
      const [, component] = one(template, 'AWS::ImageBuilder::Component');
      expect(text(component.Properties.Data)).toContain('bash /tmp/artloom-image/validate-image.sh');
    });

    it('launches from the parameter every build writes, resolved by EC2 at each launch, and creates the template after the first build', () => {
      const [imageId] = one(template, 'AWS::ImageBuilder::Image');
      const [ltId, lt] = one(template, 'AWS::EC2::LaunchTemplate');
      // Each build (the deploy-time image and every pipeline run) writes its AMI id to this parameter...
      const [, dist] = one(template, 'AWS::ImageBuilder::DistributionConfiguration');
      const written = dist.Properties.Distributions[0].SsmParameterConfigurations[0];
      expect(written).toMatchObject({ DataType: 'aws:ec2:image' });
      // ...which the launch template names for EC2 to read at launch: a pipeline image runs with no deploy.
      expect(lt.Properties.LaunchTemplateData.ImageId).toBe(`resolve:ssm:${text(written.ParameterName)}`);
      // The parameter exists before the template: the template waits for the first build.
      expect(lt.DependsOn).toContain(imageId);
      expect(ltId).toBeTruthy();
    });

    it('resolves no SSM parameter that the same template creates or has its image build write (that would race the deploy)', () => {
      const json = template.toJSON() as { Resources: Record<string, Resource>; Parameters?: Record<string, Json> };
      const created = new Set<string>();
      for (const r of Object.values(json.Resources)) {
        if (r.Type === 'AWS::SSM::Parameter' && r.Properties?.Name) created.add(text(r.Properties.Name));
        if (r.Type === 'AWS::ImageBuilder::DistributionConfiguration')
          for (const d of r.Properties.Distributions as Json[])
            for (const c of d.SsmParameterConfigurations ?? []) created.add(text(c.ParameterName));
      }
      expect(created.size).toBeGreaterThan(0);
      const resolved: string[] = [];
      // CloudFormation's dynamic references only (resolved at deploy time); EC2's own launch-time
      // `resolve:ssm:` in a launch template's ImageId reads the parameter when an instance starts.
      for (const [id, r] of Object.entries(json.Resources))
        for (const s of strings(r.Properties))
          for (const m of s.matchAll(/\{\{resolve:ssm(?:-secure)?:([^}:\s"']+)/g)) resolved.push(`${id} ${m[1]}`);
      for (const [id, p] of Object.entries(json.Parameters ?? {}))
        if (String(p.Type).startsWith('AWS::SSM::Parameter::Value')) resolved.push(`${id} ${p.Default}`);
      expect(resolved.filter((r) => created.has(r.split(' ')[1] ?? ''))).toEqual([]);
    });

    it("deregisters the deploy-time image's AMI with its snapshots when CloudFormation deletes that image, and points the parameter back on a rollback", () => {
      const [imageId] = one(template, 'AWS::ImageBuilder::Image');
      const [, dist] = one(template, 'AWS::ImageBuilder::DistributionConfiguration');
      const parameter = text(dist.Properties.Distributions[0].SsmParameterConfigurations[0].ParameterName);
      const cleanups = Object.values(template.findResources('Custom::AWS') as Record<string, Resource>).filter((r) =>
        text(r.Properties.Delete ?? '').includes('deregisterImage'),
      );
      expect(cleanups).toHaveLength(1);
      const [cleanup] = cleanups as [Resource];
      // Create and update: the parameter the launch template resolves gets this image's AMI; the AMI id is the
      // physical id, so a new image replaces the resource and CloudFormation deletes the old one.
      for (const call of [cleanup.Properties.Create, cleanup.Properties.Update]) {
        const flat = text(call);
        expect(flat).toContain('"action":"putParameter"');
        expect(flat).toContain(`"Name":"${parameter}"`);
        expect(flat).toContain(`getatt:${imageId}.ImageId`);
        expect(flat).toContain('"physicalResourceId":{"id":"');
      }
      const del = text(cleanup.Properties.Delete);
      expect(del).toContain('"action":"deregisterImage"');
      expect(del).toContain('"ImageId":"PHYSICAL:RESOURCEID:"');
      expect(del).toContain('"DeleteAssociatedSnapshots":true');
      // Its role deregisters only this stack's GPU images (by tag).
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
      const statements = policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Json[]);
      const deregister = statements.filter((st) => st.Action === 'ec2:DeregisterImage');
      expect(deregister).toHaveLength(1);
      expect(deregister[0]?.Condition).toEqual({ StringEquals: { [`aws:ResourceTag/${IMAGE_TAG}`]: 'Gpu-gpu' } });
    });

    it('does not start the warm pool before the first image exists', () => {
      const [imageId] = one(template, 'AWS::ImageBuilder::Image');
      const [, asg] = one(template, 'AWS::AutoScaling::AutoScalingGroup');
      expect(asg.DependsOn).toContain(imageId);
    });

    it('uses a fixed AMI and builds no image when amiId is set', () => {
      const t = synth({ amiId: 'ami-0123456789abcdef0' });
      t.hasResourceProperties('AWS::EC2::LaunchTemplate', { LaunchTemplateData: Match.objectLike({ ImageId: 'ami-0123456789abcdef0' }) });
      t.resourceCountIs('AWS::ImageBuilder::Image', 0);
      t.resourceCountIs('AWS::ImageBuilder::ImagePipeline', 0);
    }, 60_000);
  });

  describe('settings', () => {
    const SETTINGS = '/artloom/Gpu/gpu-settings';
    /** The settings parameters by file name, their values flattened. */
    const settings = (t: Template) =>
      Object.fromEntries(
        Object.values(t.findResources('AWS::SSM::Parameter') as Record<string, Resource>)
          .filter((p) => String(p.Properties.Name).startsWith(`${SETTINGS}/`))
          .map((p) => [String(p.Properties.Name).slice(SETTINGS.length + 1), text(p.Properties.Value)]),
      );
    const tags = (t: Template) => {
      const [, lt] = one(t, 'AWS::EC2::LaunchTemplate');
      const specs = lt.Properties.LaunchTemplateData.TagSpecifications as {
        ResourceType: string;
        Tags: { Key: string; Value: string }[];
      }[];
      const instance = specs.find((spec) => spec.ResourceType === 'instance');
      return Object.fromEntries((instance?.Tags ?? []).map((tag) => [tag.Key, tag.Value]));
    };

    it('are SSM parameters (boot.env, worker.env, the log agent config): configuration only, no installs, no model hub', () => {
      const files = settings(template);
      expect(Object.keys(files).sort()).toEqual(['boot.env', 'cloudwatch-agent.json', 'worker.env']);
      expect(files['worker.env']).toMatch(/JOB_QUEUE_URL=ref:/);
      expect(files['worker.env']).toContain('GPU_IDLE_SHUTDOWN_SECONDS=600\n');
      expect(files['worker.env']).toContain('WORKER_WARMUP=true\n');
      expect(files['boot.env']).toContain(`MODEL_SHA256=${SHA256}\n`);
      expect(files['boot.env']).toContain(`MODEL_KEY=models/flux1-schnell/${REVISION}/flux1-schnell-fp8.safetensors\n`);
      expect(files['boot.env']).toMatch(/WORKER_BUNDLE_URL=s3:\/\/cdk-[^\n]+\n/);
      for (const banned of ['apt-get', 'pip ', 'git clone', 'huggingface', 'nodejs.org', 'curl '])
        expect(Object.values(files).join('\n')).not.toContain(banned);
    });

    it('reach the instance at every boot, not through user data: the launch template tags its instances with their path', () => {
      const [, lt] = one(template, 'AWS::EC2::LaunchTemplate');
      expect(lt.Properties.LaunchTemplateData.UserData).toBeUndefined();
      expect(lt.Properties.LaunchTemplateData.MetadataOptions).toMatchObject({ InstanceMetadataTags: 'enabled' });
      expect(tags(template)['artloom-settings']).toBe(SETTINGS);
      expect(tags(template)['artloom-settings-hash']).toMatch(/^[0-9a-f]{16}$/);
    });

    it('make a new launch template version when a setting changes (settings hash tag)', () => {
      const other = synth({ modelRevision: REVISION, modelSha256: SHA256, gpuIdleShutdownSeconds: 900 });
      expect(settings(other)['worker.env']).toContain('GPU_IDLE_SHUTDOWN_SECONDS=900\n');
      expect(tags(other)['artloom-settings-hash']).not.toBe(tags(template)['artloom-settings-hash']);
      const same = synth({ modelRevision: REVISION, modelSha256: SHA256 });
      expect(tags(same)['artloom-settings-hash']).toBe(tags(template)['artloom-settings-hash']);
    }, 60_000);

    it('refresh the group, warm pool included, when the launch template gets a new version (instance refresh)', () => {
      const [ltId] = one(template, 'AWS::EC2::LaunchTemplate');
      const [asgId] = one(template, 'AWS::AutoScaling::AutoScalingGroup');
      const [poolId] = one(template, 'AWS::AutoScaling::WarmPool');
      const refreshes = Object.values(template.findResources('Custom::AWS') as Record<string, Resource>).filter((r) =>
        text(r.Properties.Create ?? '').includes('startInstanceRefresh'),
      );
      expect(refreshes).toHaveLength(1);
      const [refresh] = refreshes as [Resource];
      for (const phase of ['Create', 'Update']) {
        const call = text(refresh.Properties[phase]);
        expect(call).toContain('"action":"startInstanceRefresh"');
        expect(call).toContain(`"AutoScalingGroupName":"ref:${asgId}"`);
        expect(call).toContain(`"Version":"getatt:${ltId}.LatestVersionNumber"`);
        expect(call).toContain('"SkipMatching":true');
      }
      expect(refresh.DependsOn).toContain(poolId);
    });

    it('are the only SSM parameters the GPU role may read (no AmazonSSMManagedInstanceCore: it reads every parameter)', () => {
      const [roleId] = Object.entries(template.findResources('AWS::IAM::Role') as Record<string, Resource>).find(([, r]) =>
        String(r.Properties.Description).includes('GPU worker'),
      ) as [string, Resource];
      const role = (template.toJSON().Resources as Record<string, Resource>)[roleId] as Resource;
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      const statements = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter((p) => text(p.Properties.Roles).includes(`ref:${roleId}`))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string[] | string; Resource: unknown }[]);
      const reads = statements.filter((st) => [st.Action].flat().some((a) => a.startsWith('ssm:Get')));
      expect(reads).toHaveLength(1);
      // `parameter` + the parameter's Ref (its name).
      const names = Object.fromEntries(
        Object.entries(template.findResources('AWS::SSM::Parameter') as Record<string, Resource>).map(([id, p]) => [
          `ref:${id}`,
          p.Properties.Name,
        ]),
      );
      const arns = [reads[0]?.Resource]
        .flat()
        .map((r) => text(r).replace(/ref:\w+$/, (ref) => names[ref] ?? ref))
        .sort();
      expect(arns).toHaveLength(3);
      for (const [i, file] of ['boot.env', 'cloudwatch-agent.json', 'worker.env'].entries())
        expect(arns[i]).toMatch(new RegExp(`:ssm:us-east-1:${ACCOUNT}:parameter${SETTINGS}/${file.replace('.', '\\.')}$`));
      expect(
        statements
          .flatMap((st) => [st.Action].flat())
          .filter((a) => /^ssm:.*(Parameter|\*)/.test(a))
          .sort(),
      ).toEqual(['ssm:GetParameter', 'ssm:GetParameters']);
    });

    it('ship boot, ComfyUI and worker logs to three log groups CloudFormation names', () => {
      const agent = settings(template)['cloudwatch-agent.json'] ?? '';
      for (const file of ['boot.log', 'comfyui.log', 'worker.log']) expect(agent).toContain(`/var/log/artloom/${file}`);
      const groups = Object.values(template.findResources('AWS::Logs::LogGroup') as Record<string, Resource>);
      const named = groups.filter((g) => g.Properties.LogGroupName === undefined);
      expect(named.length).toBeGreaterThanOrEqual(3);
      expect(agent.match(/"log_group_name":"ref:/g)).toHaveLength(3);
    });
  });

  describe('model', () => {
    it('lives in a private, TLS-only bucket the instance role may read one key of', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/models/' }),
      });
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
      const reads = policies
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string[] | string; Resource: unknown }[])
        .filter((st) => text(st.Resource).includes(`/models/flux1-schnell/${REVISION}/`));
      expect(reads.length).toBe(1);
      expect(reads[0]?.Action).toBe('s3:GetObject');
    });

    it('keeps the instance store big enough and the default type fits the checkpoint in RAM and VRAM', () => {
      expect(appContextSchema.parse({}).gpuInstanceType).toBe('g6.2xlarge');
      const [, lt] = one(template, 'AWS::EC2::LaunchTemplate');
      expect(lt.Properties.LaunchTemplateData.BlockDeviceMappings[0].Ebs).toMatchObject({ VolumeInitializationRate: 300 });
    });
  });

  describe('scaling', () => {
    it('keeps the configured warm pool of stopped instances, reused on scale-in', () => {
      template.hasResourceProperties('AWS::AutoScaling::WarmPool', {
        PoolState: 'Stopped',
        MinSize: 1,
        MaxGroupPreparedCapacity: 1,
        InstanceReusePolicy: { ReuseOnScaleIn: true },
      });
      synth({ gpuWarmPoolSize: 3 }).hasResourceProperties('AWS::AutoScaling::WarmPool', { MinSize: 3, MaxGroupPreparedCapacity: 3 });
    }, 60_000);

    it('lets the worker use the jobs table only as worker/ports.ts does: its job items, the queue counter, its beacon', () => {
      // The table the worker is told about (JOBS_TABLE in its settings).
      const workerEnv = Object.values(template.findResources('AWS::SSM::Parameter') as Record<string, Resource>)
        .map((p) => text(p.Properties.Value))
        .find((v) => v.includes('JOBS_TABLE='));
      const tableId = /JOBS_TABLE=ref:(\w+)/.exec(workerEnv ?? '')?.[1];
      expect(template.toJSON().Resources[tableId ?? '']?.Type).toBe('AWS::DynamoDB::GlobalTable');
      const [roleId] = Object.entries(template.findResources('AWS::IAM::Role') as Record<string, Resource>).find(([, r]) =>
        String(r.Properties.Description).includes('GPU worker'),
      ) as [string, Resource];
      const dynamo = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter((p) => text(p.Properties.Roles).includes(`ref:${roleId}`))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string[] | string; Resource: unknown; Condition?: Json }[])
        .filter((st) => [st.Action].flat().some((a) => a.startsWith('dynamodb:')));
      expect(dynamo.map((st) => [st.Action].flat().sort())).toEqual([
        ['dynamodb:GetItem'],
        ['dynamodb:UpdateItem'],
        ['dynamodb:DeleteItem', 'dynamodb:PutItem'],
      ]);
      // The table itself (GetAtt Arn): no index, no stream.
      for (const st of dynamo) expect(st.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
      const leading = dynamo.map((st) => st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']);
      expect(leading).toEqual([['job#*'], ['job#*', 'queue#*'], ['worker#*']]);
      expect(dynamo[2]?.Condition['ForAllValues:StringEquals']['dynamodb:Attributes']).toEqual(
        expect.arrayContaining(['pk', 'sk', 'workerId', 'state', 'lastSeen', 'expiresAt']),
      );
    });

    it('lets the worker mark its own instance unhealthy', () => {
      const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>);
      const statement = policies
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string[] | string; Resource: unknown }[])
        .find((st) => [st.Action].flat().includes('autoscaling:SetInstanceHealth'));
      // The group by its fixed name (issue 31: nothing names it by Ref, so nothing waits for its image).
      expect(text(statement?.Resource)).toMatch(/autoScalingGroupName\/Gpu-gpu$/);
    });
  });
});
