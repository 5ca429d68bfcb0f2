/** One resource's known cdk-nag findings and why they stand (nag.ts applies them). */
export interface ResourceAcknowledgement {
  findings: readonly string[];
  reason: string;
}

/*
 * The cdk-nag findings acknowledged in this stack, resource by resource (infra/lib/nag.ts applies
 * them). Each entry lists the exact findings of that resource, in the stable form of
 * `KnownFindings.findingKey` (logical ids as construct paths), and says why for that resource. A
 * finding that is not listed here stays open and fails `cdk synth` and test/unit/infra/nag.test.ts:
 * a new grant or a new function is looked at and written down, not waved through by its shape.
 *
 * The finding names below only spell the ids; the reasons are what a reviewer reads.
 * Wildcards common to the project's functions, for the reasons below:
 * - AWSLambdaBasicExecutionRole: the function's own CloudWatch log streams, nothing else;
 * - Resource::* : X-Ray PutTraceSegments/PutTelemetryRecords/GetSampling*, which take no resource ARN
 *   (IAM service authorization reference), plus the no-ARN calls a reason names;
 * - <table>/index/* : the indexes of that one table (the data model's overloaded gsi1..3);
 * - s3:GetObject*, List*, GetBucket*, Abort*, DeleteObject* : the action groups aws-cdk-lib's
 *   grantRead/grantReadWrite/grantDelete write, on the named bucket only.
 */
const BASIC = 'IAM4[Policy::arn:<partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
const NO_ARN = 'IAM5[Resource::*]';
const index = (table: string) => `IAM5[Resource::<data/${table}-table>/index/*]`;
const objects = (bucket: string, prefix = '') => `IAM5[Resource::<data/${bucket}-bucket>/${prefix}*]`;
const S3_READ = ['IAM5[Action::s3:GetBucket*]', 'IAM5[Action::s3:GetObject*]', 'IAM5[Action::s3:List*]'];
const S3_WRITE = [...S3_READ, 'IAM5[Action::s3:Abort*]', 'IAM5[Action::s3:DeleteObject*]'];
/** The GPU group by its fixed name (`<stack>-gpu`): ARNs of an Auto Scaling group carry a group id no template knows. */
const GPU_GROUP =
  'IAM5[Resource::arn:<partition>:autoscaling:<region>:<AWS::AccountId>:autoScalingGroup:*:autoScalingGroupName/<stack>-gpu]';
const EXECUTIONS =
  'IAM5[Resource::arn:<partition>:states:<region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"generation/flow"}]}]}:*]';
const ALARMS = 'IAM5[Resource::arn:<partition>:cloudwatch:<region>:<AWS::AccountId>:alarm:<AWS::StackName>-*]';
const fn = (reason: string, ...findings: string[]): ResourceAcknowledgement => ({ findings: [BASIC, NO_ARN, ...findings], reason });

export const ACKNOWLEDGEMENTS: Readonly<Record<string, ResourceAcknowledgement>> = {
  // The public API and the operator's API: one function per area (lambdas/routes/index.ts), its grants
  // the union of its routes'. Each route's reason is kept, so a reviewer reads why for every grant.
  'api/system': fn(
    'GET /api/health reads one item of the images table (and its indexes) and checks the images bucket with a read-only grant (HeadObject/List under the bucket); X-Ray takes no ARN.',
    index('images'),
    objects('images'),
    ...S3_READ,
  ),
  'api/gallery': fn(
    "GET /api/gallery/list pages the images table through its indexes (read only) and presigns GETs of the visitor's private originals and thumbnails with the read grant the download has; X-Ray takes no ARN. GET /api/gallery/admin queries the featured images by index (read only); X-Ray takes no ARN. GET /api/gallery/admin/random samples featured images through an index (read only); X-Ray takes no ARN. GET /api/gallery/category/metadata counts images per category through an index (read only); X-Ray takes no ARN. GET /api/gallery/categories lists the collections through an index of the images table (read only); X-Ray takes no ARN. GET /api/gallery/search queries the images table by index (read only); X-Ray takes no ARN. GET /api/gallery/category/all pages one category through an index (read only); X-Ray takes no ARN. GET /api/download looks the image up by index and presigns a GET of its object; keys are generated per image, so the read grant is on the bucket's objects; X-Ray takes no ARN. GET /i/{id} reads one image and its share record by index (read only); X-Ray takes no ARN. GET /api/images/{id} reads one image by id or share code through an index; X-Ray takes no ARN.",
    index('images'),
    objects('images'),
    ...S3_READ,
  ),
  'api/admin': fn(
    "POST /api/gallery/save (operator import) writes the image record (images table and indexes), its audit line (messages indexes) and the picture and thumbnail under new keys of the images bucket, whose names are generated per image; the S3 action groups are grantReadWrite's on that bucket. GET /api/auth/config answers the sign-in settings from its environment; only X-Ray (no ARN) is a wildcard. POST /api/admin/generate writes the operator's job (jobs indexes) and its audit line (messages indexes); X-Ray takes no ARN. GET /api/admin/images pages every image, hidden ones too, through an index (read only); X-Ray takes no ARN. PUT /api/admin/images/{id} updates one image record (images indexes) and writes the audit line (messages indexes); hiding or unhiding a shared visitor's picture deletes or restores its public copy (GetObject under private/, PutObject and DeleteObject under files/images/ and files/thumbs/, keys per image); X-Ray takes no ARN. DELETE /api/admin/images/{id} deletes the record (images indexes), its picture and thumbnail (keys generated per image: grantReadWrite on the images bucket) and writes the audit line; X-Ray takes no ARN. GET /api/admin/audit pages the audit lines of the messages table by index (read only); X-Ray takes no ARN. GET /api/admin/ads lists every ad, disabled ones too, through an index (read only); X-Ray takes no ARN. POST /api/admin/ads writes the ad (ads indexes), its banner under a generated key of the images bucket (grantReadWrite) and the audit line (messages indexes); X-Ray takes no ARN. PUT /api/admin/ads/{id} updates the ad (ads indexes), replaces its banner in the images bucket (new key, old one deleted: grantReadWrite) and writes the audit line; X-Ray takes no ARN. DELETE /api/admin/ads/{id} deletes the ad (ads indexes) and its banner object (grantReadWrite on the images bucket) and writes the audit line; X-Ray takes no ARN. GET /api/admin/inbox pages the messages by kind and state through the indexes (read only) and presigns GETs of a reported visitor's private thumbnail (GetObject under private/ only, keys per image); X-Ray takes no ARN. POST /api/admin/inbox/handled flips one message's state (messages indexes); X-Ray takes no ARN. GET /api/admin/inbox/attachment reads the message by index and presigns a GET of its attachment (read-only grant on the attachments bucket, keys generated per message); X-Ray takes no ARN. GET /api/admin/inbox/newsletter.csv reads the subscriptions through an index (read only); X-Ray takes no ARN. GET /api/admin/ads/{id}/stats and stats.csv read one ad's daily counts from the counters table by key (read only); X-Ray takes no ARN. GET /api/admin/alarms calls cloudwatch:DescribeAlarms (read only) on this stack's alarms, whose names CloudFormation generates after the stack's name: the * is the rest of each generated name, within `<stack name>-` only.",
    ALARMS,
    index('images'),
    index('messages'),
    objects('images'),
    ...S3_WRITE,
    index('jobs'),
    index('ads'),
    objects('attachments'),
    ...S3_READ,
    objects('images', 'private/'),
    objects('images', 'files/images/'),
    objects('images', 'files/thumbs/'),
  ),
  'api/ads': fn(
    'GET /api/ads/all lists the enabled ads through an index (read only); X-Ray takes no ARN. GET /api/ads/random picks an enabled ad through an index (read only); X-Ray takes no ARN.',
    index('ads'),
  ),
  'api/ad-counts': fn(
    'POST /api/ads/{id}/impression and GET /api/ads/{id}/click read one ad (the read grant covers the ads indexes, which they do not query) and add to its day count and the network cap in the counters table (no index); X-Ray takes no ARN.',
    index('ads'),
  ),
  'api/share': fn(
    'POST /api/images/{id}/share writes the share code of one image (images table, code looked up by index) and copies its private original and thumbnail to the public keys, or deletes those copies: GetObject under private/ only, PutObject and DeleteObject under files/images/ and files/thumbs/ only (keys are per image); X-Ray takes no ARN.',
    index('images'),
    objects('images', 'private/'),
    objects('images', 'files/images/'),
    objects('images', 'files/thumbs/'),
  ),
  'api/safety': fn(
    "POST /api/reports looks the reported image up by index and writes the report to the messages table (its indexes for the inbox); when the reports hide a shared visitor's picture, its public copy is deleted (GetObject under private/, PutObject and DeleteObject under files/images/ and files/thumbs/, keys per image); X-Ray takes no ARN.",
    index('images'),
    index('messages'),
    objects('images', 'private/'),
    objects('images', 'files/images/'),
    objects('images', 'files/thumbs/'),
  ),
  'api/generate': fn(
    "POST /api/generate writes the job (jobs table, queue position by index) and a refusal line to the messages table when the prompt is refused; X-Ray and the optional Bedrock guardrail check take no wildcard beyond X-Ray. POST /api/generate/warm reads the job queue by index and raises the desired capacity of the one GPU Auto Scaling group (the * in its ARN is the group UUID CloudFormation does not expose); DescribeAutoScalingGroups and X-Ray take no ARN. DELETE /api/generate/{jobId} marks the job cancelled (jobs and images indexes) and stops its execution, named after the job id, of this stack's state machine only; X-Ray takes no ARN.",
    index('jobs'),
    index('messages'),
    GPU_GROUP,
    index('images'),
    EXECUTIONS,
  ),
  'api/jobs': fn(
    "GET /api/generate/quota reads the visitor's counters by key; X-Ray takes no ARN. GET /api/generate/{jobId} reads the job and its images by index and presigns GETs of the visitor's private originals and thumbnails (GetObject under private/ only, keys per image) and, while the job runs, of its finished pictures staged for StoreImage (GetObject under staging/ only, keys per job and picture); X-Ray takes no ARN.",
    index('jobs'),
    index('images'),
    objects('images', 'private/'),
    objects('images', 'staging/'),
  ),
  'api/events': fn(
    "GET /api/generate/{jobId}/events (the stream) polls the job and its images by index and presigns GETs of the visitor's private originals and thumbnails (GetObject under private/ only, keys per image) and, while the job runs, of its finished pictures staged for StoreImage (GetObject under staging/ only, keys per job and picture); X-Ray takes no ARN.",
    index('jobs'),
    index('images'),
    objects('images', 'private/'),
    objects('images', 'staging/'),
  ),
  'api/forms': fn(
    'POST /api/Feedback and POST /api/UserFeedback (one handler) write the message (messages indexes) and its attachment under a generated key of the attachments bucket; the S3 groups are grantReadWrite on that bucket; X-Ray takes no ARN. POST /api/IssueReport writes the report (messages indexes) and its screenshot under a generated key of the attachments bucket; the S3 groups are grantReadWrite on that bucket; X-Ray takes no ARN. POST /api/contact writes the message to the messages table (its indexes for the inbox); X-Ray and SES take no wildcard beyond X-Ray. POST /api/newsletter/subscribe writes the subscription to the messages table, deduplicated by index; X-Ray takes no ARN.',
    index('messages'),
    objects('attachments'),
    ...S3_WRITE,
  ),

  // The generation flow's steps and state machine.
  'generation/step-RecordJob': fn('RecordJob updates the job record and its queue index entries; X-Ray takes no ARN.', index('jobs')),
  'generation/step-EnsureCapacity': fn(
    'EnsureCapacity reads the queue and worker slots by index and sets the desired capacity of the one GPU group (the * is the group UUID); DescribeAutoScalingGroups and X-Ray take no ARN.',
    index('jobs'),
    GPU_GROUP,
  ),
  'generation/step-StoreImage': fn(
    "StoreImage moves the worker's picture from staging/ to files/ of the images bucket (keys per job; grantReadWrite on those prefixes only), writes the image and job records (their indexes) and, for a picture the image check held back, its moderation-queue item and audit line (messages indexes); X-Ray takes no ARN.",
    index('images'),
    index('jobs'),
    index('messages'),
    objects('images', 'staging/'),
    objects('images', 'files/'),
    ...S3_WRITE,
  ),
  'generation/step-MarkFailed': fn(
    "MarkFailed writes the failed job's status (jobs indexes) and gives its hourly counts back (the counters table); X-Ray takes no ARN.",
    index('jobs'),
  ),
  'generation/flow': {
    findings: [
      NO_ARN,
      'IAM5[Resource::<generation/step-RecordJob>:*]',
      'IAM5[Resource::<generation/step-EnsureCapacity>:*]',
      'IAM5[Resource::<generation/step-StoreImage>:*]',
      'IAM5[Resource::<generation/step-MarkFailed>:*]',
    ],
    reason:
      'The state machine invokes its four step functions and their versions (what LambdaInvoke grants: <fn>:*), nothing else; X-Ray and the vended-log delivery calls of its logging take no ARN.',
  },

  // Reconciler, monitoring, GPU fleet, site deployment.
  'reconciler/fn': fn(
    "The reconciler reads stuck jobs and images by index, describes executions of this stack's state machine (named per job), and deletes orphan objects under staging/ and files/images|thumbs/ of the images bucket (keys per image); X-Ray takes no ARN.",
    index('jobs'),
    index('images'),
    objects('images', 'staging/'),
    objects('images', 'files/images/'),
    objects('images', 'files/thumbs/'),
    EXECUTIONS,
    'IAM5[Action::s3:GetBucket*]',
    'IAM5[Action::s3:GetObject*]',
    'IAM5[Action::s3:List*]',
    'IAM5[Action::s3:DeleteObject*]',
  ),
  'reconciler/scheduler-role': {
    findings: ['IAM5[Resource::<reconciler/fn>:*]'],
    reason: 'EventBridge Scheduler invokes the reconciler function and its versions, nothing else.',
  },
  'monitoring/cost-backstop': fn(
    'The cost backstop reads the newest job activity by index and sets the desired capacity of the one GPU group (the * is the group UUID); DescribeAutoScalingGroups, DescribeScalingActivities and X-Ray take no ARN.',
    index('jobs'),
    GPU_GROUP,
  ),
  'gpu/role': {
    findings: [objects('images', 'staging/'), 'IAM5[Action::s3:Abort*]', NO_ARN],
    reason:
      "The GPU instance uploads each picture under staging/ of the images bucket (keys per job; multipart: Abort*). Its jobs-table access is item-level (no index, no Scan) and its Session Manager statements are acknowledged beside them (gpu-fleet.ts). With imageModeration, the worker's image check calls Rekognition DetectModerationLabels, which takes no ARN (the picture travels in the request).",
  },
  'gpu/instance-refresh/CustomResourcePolicy': {
    findings: [GPU_GROUP],
    reason:
      'The deploy-time instance refresh (a settings change replaces the warm pool) may StartInstanceRefresh on the one GPU group; the * is the group UUID CloudFormation does not expose.',
  },
  AWS679f53fac002430cb0da5b7982bd2287: {
    findings: [BASIC],
    reason:
      "aws-cdk-lib's AwsCustomResource handler (the instance refresh): its own CloudWatch log streams through the basic execution role, nothing else.",
  },
  'gpu/self-scaling': {
    findings: [NO_ARN, GPU_GROUP],
    reason:
      'The worker scales its own instance in: TerminateInstanceInGroup/SetInstanceProtection on its one group (the * is the group UUID); DescribeAutoScalingInstances takes no ARN.',
  },
  'gpu/image/build-role': {
    findings: [
      'IAM4[Policy::arn:<partition>:iam::aws:policy/AmazonSSMManagedInstanceCore]',
      'IAM4[Policy::arn:<partition>:iam::aws:policy/EC2InstanceProfileForImageBuilder]',
    ],
    reason:
      'The Image Builder build instance: the two AWS policies Image Builder documents for its instance profile (SSM agent, component downloads and logs).',
  },
  'Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C': {
    findings: [
      BASIC,
      NO_ARN,
      'L1',
      ...S3_WRITE,
      'IAM5[Resource::<web/web-bucket>/*]',
      'IAM5[Resource::arn:<partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<region>/*]',
    ],
    reason:
      "aws-cdk-lib's BucketDeployment handler (its runtime pinned by aws-cdk-lib): copies the built site from the CDK bootstrap asset bucket (content-hash keys) into the web bucket and invalidates /index.html on the distribution (CreateInvalidation is written for any distribution).",
  },
};
