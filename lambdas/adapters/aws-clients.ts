import { AutoScalingClient } from '@aws-sdk/client-auto-scaling';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { RekognitionClient } from '@aws-sdk/client-rekognition';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { config } from '../lib/config';

/**
 * No X-Ray SDK subsegments: Powertools Tracer (with aws-xray-sdk-core) was ~120 kB of every bundle,
 * a sixth of it; the functions keep Lambda's active tracing (invocation and init segments), and the
 * per-call latency the subsegments showed is in the API's access log and the metrics.
 *
 * The one client factory. Locally the runtime sets *_ENDPOINT variables that point at DynamoDB
 * Local, s3rver and the local Step Functions/SQS stand-ins; in Lambda they are unset. Handlers
 * never know which. Each client is created once per configuration: once per process in Lambda;
 * again after `resetConfig()` when a local runtime restarts on new endpoints in the same process.
 */
// Each factory is marked pure, so a bundle keeps only the clients its functions use (an ads read
// carries no S3, SES or Bedrock client): see infra/lib/lambda-functions.ts. `memo` is exported for
// the stores built over a client (idempotency-store.ts).
export const memo = <T>(make: () => T): (() => T) => {
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

/**
 * Fail fast: a stalled or dead store must cost a request a few seconds, not the route's whole
 * deadline (10 s by default): at most ~3 s with the defaults. A connection gets AWS_CONNECT_TIMEOUT_MS, an answer
 * AWS_REQUEST_TIMEOUT_MS of silence, and a call AWS_MAX_ATTEMPTS tries in all; errors.ts answers
 * what is left with 503 storage_unavailable + Retry-After.
 */
const failFast = (requestTimeout?: number) => {
  const { AWS_CONNECT_TIMEOUT_MS, AWS_REQUEST_TIMEOUT_MS, AWS_MAX_ATTEMPTS } = config();
  return {
    maxAttempts: AWS_MAX_ATTEMPTS,
    // Without throwOnRequestTimeout the handler only warns and keeps waiting.
    requestHandler: {
      connectionTimeout: AWS_CONNECT_TIMEOUT_MS,
      requestTimeout: requestTimeout ?? AWS_REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  };
};

/** The plain DynamoDB client (Powertools' idempotency store speaks it); adapters use `dynamo()`. */
export const dynamoDb = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
  return new DynamoDBClient({ region: AWS_REGION, ...failFast(), ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}) });
});

export const dynamo = /* @__PURE__ */ memo(() =>
  DynamoDBDocumentClient.from(dynamoDb(), { marshallOptions: { removeUndefinedValues: true } }),
);

export const s3 = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, S3_ENDPOINT } = config();
  return new S3Client({
    region: AWS_REGION,
    ...failFast(),
    // Presigned URLs must not carry a checksum the browser's download cannot match.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
  });
});

export const sfn = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, SFN_ENDPOINT } = config();
  return new SFNClient({ region: AWS_REGION, ...failFast(), ...(SFN_ENDPOINT ? { endpoint: SFN_ENDPOINT } : {}) });
});

export const sqs = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, SQS_ENDPOINT } = config();
  // The worker long-polls for up to 20 s: silence is normal there.
  return new SQSClient({ region: AWS_REGION, ...failFast(25_000), ...(SQS_ENDPOINT ? { endpoint: SQS_ENDPOINT } : {}) });
});

export const ses = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, SES_ENDPOINT } = config();
  return new SESv2Client({ region: AWS_REGION, ...failFast(), ...(SES_ENDPOINT ? { endpoint: SES_ENDPOINT } : {}) });
});
export const autoScaling = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, AUTOSCALING_ENDPOINT } = config();
  return new AutoScalingClient({ region: AWS_REGION, ...failFast(), ...(AUTOSCALING_ENDPOINT ? { endpoint: AUTOSCALING_ENDPOINT } : {}) });
});
/** Bedrock Guardrails (ApplyGuardrail) for the optional prompt screen; only made when a guardrail is configured. */
// Over HTTP/1.1, like every other client: the Bedrock Runtime client defaults to HTTP/2 for its
// streaming operations, and ApplyGuardrail (one small request) is the only one we call.
export const bedrockRuntime = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, BEDROCK_ENDPOINT } = config();
  const { requestHandler, ...settings } = failFast();
  return new BedrockRuntimeClient({
    region: AWS_REGION,
    ...settings,
    requestHandler: new NodeHttpHandler(requestHandler),
    ...(BEDROCK_ENDPOINT ? { endpoint: BEDROCK_ENDPOINT } : {}),
  });
});
// Rekognition receives the whole picture (up to 5 MB) in the request: allow it more silence than a table read.
export const rekognition = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, REKOGNITION_ENDPOINT } = config();
  return new RekognitionClient({
    region: AWS_REGION,
    ...failFast(10_000),
    ...(REKOGNITION_ENDPOINT ? { endpoint: REKOGNITION_ENDPOINT } : {}),
  });
});
/** CloudWatch, for the console's alarm states (DescribeAlarms only; locally the runtime's stand-in). */
export const cloudWatch = /* @__PURE__ */ memo(() => {
  const { AWS_REGION, CLOUDWATCH_ENDPOINT } = config();
  return new CloudWatchClient({ region: AWS_REGION, ...failFast(), ...(CLOUDWATCH_ENDPOINT ? { endpoint: CLOUDWATCH_ENDPOINT } : {}) });
});
