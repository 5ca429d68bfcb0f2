import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BUCKETS, type BucketDef, PUBLIC_PREFIX, TABLES, type TableDef } from '../data-model';

export interface DataProps {
  /** Destroy tables and buckets with the stack (dev stages only). */
  ephemeral: boolean;
}

/** DynamoDB tables and S3 buckets, made from the one definition in data-model.ts. */
export class Data extends Construct {
  readonly tables: Record<TableDef['id'], TableV2>;
  readonly buckets: Record<BucketDef['id'], Bucket>;
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const removalPolicy = props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    this.tables = {} as Record<TableDef['id'], TableV2>;
    for (const def of TABLES) {
      this.tables[def.id] = new TableV2(this, `${def.id}-table`, {
        partitionKey: { name: def.pk, type: AttributeType.STRING },
        ...(def.sk ? { sortKey: { name: def.sk, type: AttributeType.STRING } } : {}),
        globalSecondaryIndexes: def.indexes.map((i) => ({
          indexName: i.name,
          partitionKey: { name: i.pk, type: AttributeType.STRING },
          sortKey: { name: i.sk, type: AttributeType.STRING },
        })),
        billing: Billing.onDemand(),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: !props.ephemeral,
        removalPolicy,
        ...(def.ttl ? { timeToLiveAttribute: def.ttl } : {}),
      });
    }

    this.logBucket = new Bucket(this, 'access-logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs need ACLs on the log bucket.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: props.ephemeral,
    });

    this.buckets = {} as Record<BucketDef['id'], Bucket>;
    for (const def of BUCKETS) {
      this.buckets[def.id] = new Bucket(this, `${def.id}-bucket`, {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        versioned: !props.ephemeral,
        serverAccessLogsBucket: this.logBucket,
        serverAccessLogsPrefix: `s3/${def.id}/`,
        removalPolicy,
        autoDeleteObjects: props.ephemeral,
        // Generation hands images over through a staging prefix that is never public.
        lifecycleRules: def.id === 'images' ? [{ prefix: 'staging/', expiration: Duration.days(1) }] : [],
        cors: def.public ? [{ allowedMethods: [HttpMethods.GET], allowedOrigins: ['*'] }] : undefined,
      });
      if (def.public) this.servePublicPrefixOnly(this.buckets[def.id]);
    }
  }

  /**
   * The OAC grant S3BucketOrigin writes for /files/* covers the whole bucket (<arn>/*); CloudFront
   * must read nothing outside the public prefix: not a visitor's private pictures, not staging. No
   * distribution named, so no reference (and no dependency cycle) between this and web.ts.
   */
  private servePublicPrefixOnly(bucket: Bucket): void {
    bucket.addToResourcePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        notResources: [bucket.arnForObjects(`${PUBLIC_PREFIX}*`)],
      }),
    );
  }
}
