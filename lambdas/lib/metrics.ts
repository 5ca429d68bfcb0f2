import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type middy from '@middy/core';
import { logger } from './logger';

/** One namespace for the product; the dashboard (infra/lib/constructs/monitoring.ts) reads these names. */
export const METRICS_NAMESPACE = 'Artloom';
export const METRIC = {
  generationMs: 'GenerationMs',
  queueWaitMs: 'QueueWaitMs',
  coldStartMs: 'ColdStartMs',
  refusals: 'Refusals',
  formSubmissions: 'FormSubmissions',
  /** The cost backstop set the GPU group to 0 (dimension reason: BACKSTOP_REASON); alarmed in monitoring.ts. */
  backstopStops: 'BackstopStops',
  /** ApplyGuardrail did not answer, so a prompt was refused unscreened (503); alarmed in monitoring.ts. */
  guardrailUnavailable: 'GuardrailUnavailable',
} as const;
/** Why the cost backstop stopped the GPU group: one alarm, and so one mail text, per value. */
export const BACKSTOP_REASON = { launchLoop: 'launch-loop', idle: 'idle', noService: 'no-service' } as const;
/** The one value of GuardrailUnavailable's reason dimension (its alarm reads exactly this). */
export const GUARDRAIL_UNAVAILABLE_REASON = 'no-answer';
/** The one dimension besides `service`, kept to a handful of values (an error code, a form type). */
export const METRIC_DIMENSION = { reason: 'reason', form: 'form' } as const;

/**
 * Powertools' notices go to the product's logger, except the one logMetrics gives every invocation that
 * counted nothing ("No application metrics to publish"): most requests count nothing, and a warning
 * line each would be noise in the logs and their bill. It is kept at debug.
 */
const EMPTY_NOTICE = 'No application metrics to publish';
const metricsLogger = {
  debug: (...args: unknown[]) => logger.debug(String(args[0])),
  info: (...args: unknown[]) => logger.info(String(args[0])),
  error: (...args: unknown[]) => logger.error(String(args[0])),
  warn: (...args: unknown[]) => {
    const message = String(args[0]);
    if (message.startsWith(EMPTY_NOTICE)) logger.debug(message);
    else logger.warn(message);
  },
};

/**
 * Powertools Metrics: EMF lines on stdout, which CloudWatch turns into metrics in Lambda and which
 * simply print locally (POWERTOOLS_METRICS_DISABLED=true silences them, as the test config does).
 */
const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'artloom', logger: metricsLogger });

export function recordDurationMetric(name: (typeof METRIC)['generationMs' | 'queueWaitMs' | 'coldStartMs'], ms: number): void {
  metrics.addMetric(name, MetricUnit.Milliseconds, Math.max(0, Math.round(ms)));
}

/** A count with its own one-value dimension (its own EMF blob, so other metrics keep theirs). */
export function countMetric(
  name: (typeof METRIC)['refusals' | 'formSubmissions' | 'backstopStops' | 'guardrailUnavailable'],
  dimension: string,
  value: string,
): void {
  const single = metrics.singleMetric();
  single.addDimension(dimension, value);
  single.addMetric(name, MetricUnit.Count, 1);
}

/** Powertools' logMetrics: publishes what the invocation recorded once at its end, on success and on error. */
export function publishMetrics<E, R>(): middy.MiddlewareObj<E, R> {
  return logMetrics(metrics) as middy.MiddlewareObj<E, R>;
}
