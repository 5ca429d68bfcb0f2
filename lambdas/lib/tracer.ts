import { Tracer } from '@aws-lambda-powertools/tracer';

/** Powertools Tracer: X-Ray subsegments for every AWS SDK call in Lambda; off anywhere else (it checks for Lambda itself). */
const tracer = new Tracer({ serviceName: 'artloom' });

/** Wraps an SDK v3 client once, where it is made (adapters/aws-clients.ts). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}
