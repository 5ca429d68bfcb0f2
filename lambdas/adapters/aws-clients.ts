import { AutoScalingClient } from '@aws-sdk/client-auto-scaling';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { traced } from '../lib/tracer';

/**
 * The one client factory. Locally the runtime sets *_ENDPOINT variables that point at DynamoDB
 * Local, s3rver and the local Step Functions/SQS stand-ins; in Lambda they are unset. Handlers
 * never know which. Each client is created once per configuration: once per process in Lambda;
 * again after `resetConfig()` when a local runtime restarts on new endpoints in the same process.
 */
const memo = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  let madeFor: ReturnType<typeof config> | undefined;
  return () => {
    const current = config();
    if (value === undefined || madeFor !== current) {
      value = make();
      madeFor = current;
    }
    return value;
  };
};

export const dynamo = memo(() => {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
  const client = traced(new DynamoDBClient({ region: AWS_REGION, ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}) }));
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});

export const s3 = memo(() => {
  const { AWS_REGION, S3_ENDPOINT } = config();
  return traced(
    new S3Client({
      region: AWS_REGION,
      // Presigned URLs must not carry a checksum the browser's download cannot match.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    }),
  );
});

export const sfn = memo(() => {
  const { AWS_REGION, SFN_ENDPOINT } = config();
  return traced(new SFNClient({ region: AWS_REGION, ...(SFN_ENDPOINT ? { endpoint: SFN_ENDPOINT } : {}) }));
});

export const sqs = memo(() => {
  const { AWS_REGION, SQS_ENDPOINT } = config();
  return traced(new SQSClient({ region: AWS_REGION, ...(SQS_ENDPOINT ? { endpoint: SQS_ENDPOINT } : {}) }));
});

export const ses = memo(() => traced(new SESv2Client({ region: config().AWS_REGION })));
export const autoScaling = memo(() => traced(new AutoScalingClient({ region: config().AWS_REGION })));
