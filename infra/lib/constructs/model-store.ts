import { RemovalPolicy } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { CHECKPOINT_NAME } from '../../../shared/constants';

export interface ModelStoreProps {
  /** Model-hub revision (commit) the checkpoint was taken from; part of the object key. */
  revision?: string;
  /** SHA-256 the checkpoint must have (the staging script and every boot check it). */
  sha256?: string;
  ephemeral: boolean;
  logBucket: Bucket;
}

/**
 * The stack's private copy of the FLUX.1-schnell checkpoint. Staged once by scripts/stage-model.sh
 * (model hub at a pinned revision → SHA-256 check → this bucket); every GPU boot copies it from
 * here to its instance store and checks the SHA-256 again (infra/gpu/boot.sh). Scale-out therefore
 * never depends on the model hub, and a changed or truncated file is never served.
 */
export class ModelStore extends Construct {
  readonly bucket: Bucket;
  /** `models/flux1-schnell/<revision>/flux1-schnell-fp8.safetensors`. */
  readonly key: string;
  readonly sha256: string;

  constructor(scope: Construct, id: string, props: ModelStoreProps) {
    super(scope, id);
    this.key = `models/flux1-schnell/${props.revision ?? 'unpinned'}/${CHECKPOINT_NAME}`;
    this.sha256 = props.sha256 ?? '';
    this.bucket = new Bucket(this, 'bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/models/',
      // A re-stage (17 GB from the model hub) is the expensive part: prod keeps the bucket.
      removalPolicy: props.ephemeral ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.ephemeral,
    });
  }

  /** GetObject of the staged checkpoint only (the GPU instances); no listing, no other key. */
  grantReadModel(grantee: IGrantable): void {
    Grant.addToPrincipal({ grantee, actions: ['s3:GetObject'], resourceArns: [this.bucket.arnForObjects(this.key)] });
  }
}
