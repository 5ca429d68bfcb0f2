import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { METRICS_NAMESPACE } from '../lambdas/lib/metrics';
import type { LocalDeployment } from './functions/deployment';

/**
 * CloudWatch's DescribeAlarms for the local runtime (AWS JSON 1.0, `GraniteServiceVersion20100801.DescribeAlarms`),
 * behind the local gateway, so the admin function's call is signed, routed and checked against its
 * role as in AWS. The alarms are the synthesized template's (AWS::CloudWatch::Alarm), named as
 * CloudFormation names them (`<stack>-<logical id>-<suffix>`). Their states are honest:
 * - an alarm on the product's own metrics (namespace Artloom, lambdas/lib/metrics.ts) is evaluated
 *   here, as CloudWatch would, on the EMF lines the local functions actually printed since the runtime
 *   started (statistic per period, threshold, evaluation periods, missing data as the alarm treats it);
 * - any other (AWS/Lambda, AWS/ApiGateway, CloudFront, Auto Scaling, a math expression) has no data
 *   locally: INSUFFICIENT_DATA, with a reason that says so; and so does every alarm while the
 *   functions' metrics are turned off (POWERTOOLS_METRICS_DISABLED=true, the test default).
 */
interface Datapoint {
  at: number;
  namespace: string;
  metric: string;
  dimensions: Record<string, string>;
  value: number;
}

interface AlarmDef {
  name: string;
  description: string;
  namespace?: string;
  metric?: string;
  dimensions: Record<string, string>;
  statistic?: string;
  periodSeconds: number;
  evaluationPeriods: number;
  threshold: number;
  comparison: string;
  treatMissing: string;
  /** Why it cannot be evaluated locally, when it cannot. */
  unevaluable?: string;
}

type State = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';

export interface CloudWatchStandIn {
  url: string;
  /** The product's metrics the local functions printed (EMF), oldest first. */
  datapoints: Datapoint[];
  stop(): Promise<void>;
}

/** The datapoints of one EMF line (Powertools Metrics' format), or none for any other line. */
function emfDatapoints(line: string, at = Date.now()): Datapoint[] {
  const start = line.indexOf('{"_aws"');
  if (start < 0) return [];
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(line.slice(start)) as Record<string, unknown>;
  } catch {
    return [];
  }
  const aws = doc._aws as {
    Timestamp?: number;
    CloudWatchMetrics?: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[];
  };
  const out: Datapoint[] = [];
  for (const directive of aws?.CloudWatchMetrics ?? []) {
    for (const set of directive.Dimensions ?? [[]]) {
      const dimensions = Object.fromEntries(set.map((name) => [name, String(doc[name] ?? '')]));
      for (const { Name } of directive.Metrics ?? []) {
        const raw = doc[Name];
        for (const value of Array.isArray(raw) ? raw : [raw]) {
          if (typeof value === 'number')
            out.push({ at: aws.Timestamp ?? at, namespace: directive.Namespace, metric: Name, dimensions, value });
        }
      }
    }
  }
  return out;
}

const sameDimensions = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

function statistic(values: number[], stat: string): number {
  if (stat === 'Sum') return values.reduce((s, v) => s + v, 0);
  if (stat === 'Maximum') return Math.max(...values);
  if (stat === 'Minimum') return Math.min(...values);
  if (stat === 'SampleCount') return values.length;
  return values.reduce((s, v) => s + v, 0) / values.length; // Average
}

const COMPARE: Record<string, (v: number, t: number) => boolean> = {
  GreaterThanOrEqualToThreshold: (v, t) => v >= t,
  GreaterThanThreshold: (v, t) => v > t,
  LessThanThreshold: (v, t) => v < t,
  LessThanOrEqualToThreshold: (v, t) => v <= t,
};

/** The template's alarms, resolved (a dimension or name the local model cannot resolve makes that alarm unevaluable). */
function alarmsOf(deployment: LocalDeployment, stackName: string): AlarmDef[] {
  const { model } = deployment;
  return model.ofType('AWS::CloudWatch::Alarm').map((logicalId) => {
    const p = model.resource(logicalId).Properties ?? {};
    const name = p.AlarmName ? model.resolveString(p.AlarmName, `${logicalId} AlarmName`) : `${stackName}-${logicalId}-LOCAL`;
    const base = {
      name,
      description: typeof p.AlarmDescription === 'string' ? p.AlarmDescription : '',
      periodSeconds: Number(p.Period ?? 300),
      evaluationPeriods: Number(p.EvaluationPeriods ?? 1),
      threshold: Number(p.Threshold ?? 0),
      comparison: String(p.ComparisonOperator ?? 'GreaterThanOrEqualToThreshold'),
      treatMissing: String(p.TreatMissingData ?? 'missing'),
      dimensions: {} as Record<string, string>,
    };
    if (!p.MetricName) return { ...base, unevaluable: 'a metric math expression over AWS metrics, which exist only in AWS' };
    const namespace = String(p.Namespace);
    if (namespace !== METRICS_NAMESPACE) return { ...base, namespace, unevaluable: `${namespace} metrics exist only in AWS` };
    try {
      const dims = (p.Dimensions ?? []) as { Name: string; Value: unknown }[];
      for (const d of dims) base.dimensions[d.Name] = model.resolveString(d.Value, `${logicalId} dimension ${d.Name}`);
    } catch {
      return { ...base, namespace, unevaluable: 'its dimensions name resources the local runtime does not have' };
    }
    return { ...base, namespace, metric: String(p.MetricName), statistic: String(p.Statistic ?? 'Average') };
  });
}

export async function startCloudWatchStandIn(options: {
  deployment: LocalDeployment;
  stackName: string;
  /** Whether the functions print their metrics (POWERTOOLS_METRICS_DISABLED is not 'true'), read at each answer. */
  metricsOn: () => boolean;
}): Promise<CloudWatchStandIn> {
  const startedAt = Date.now();
  const datapoints: Datapoint[] = [];
  for (const f of options.deployment.functions.values()) {
    f.host.output.add((line) => {
      for (const d of emfDatapoints(line)) if (d.namespace === METRICS_NAMESPACE) datapoints.push(d);
    });
  }
  const alarms = alarmsOf(options.deployment, options.stackName);
  /** Each alarm's state and since when, as the stand-in last answered it. */
  const states = new Map<string, { state: State; since: number }>();

  const evaluate = (alarm: AlarmDef, now: number): { state: State; reason: string } => {
    if (alarm.unevaluable) return { state: 'INSUFFICIENT_DATA', reason: `Not evaluated locally: ${alarm.unevaluable}.` };
    if (!options.metricsOn()) {
      return {
        state: 'INSUFFICIENT_DATA',
        reason: 'Not evaluated locally: the functions print no metrics in this run (POWERTOOLS_METRICS_DISABLED=true).',
      };
    }
    const period = alarm.periodSeconds * 1000;
    let breaching = 0;
    let missing = 0;
    const values: string[] = [];
    for (let i = 0; i < alarm.evaluationPeriods; i++) {
      const from = now - (i + 1) * period;
      const to = now - i * period;
      const inPeriod = datapoints.filter(
        (d) => d.metric === alarm.metric && d.at > from && d.at <= to && sameDimensions(d.dimensions, alarm.dimensions),
      );
      if (!inPeriod.length) {
        missing++;
        if (alarm.treatMissing === 'breaching') breaching++;
        continue;
      }
      const value = statistic(
        inPeriod.map((d) => d.value),
        alarm.statistic ?? 'Average',
      );
      values.push(String(value));
      if ((COMPARE[alarm.comparison] ?? COMPARE.GreaterThanOrEqualToThreshold)?.(value, alarm.threshold)) breaching++;
    }
    const window = `the last ${alarm.evaluationPeriods} × ${alarm.periodSeconds} s`;
    const since = new Date(startedAt).toISOString();
    if (missing === alarm.evaluationPeriods && (alarm.treatMissing === 'missing' || alarm.treatMissing === 'ignore')) {
      return {
        state: 'INSUFFICIENT_DATA',
        reason: `Evaluated locally: no ${alarm.metric} datapoints in ${window} (output read since ${since}).`,
      };
    }
    if (breaching === alarm.evaluationPeriods) {
      return {
        state: 'ALARM',
        reason: `Evaluated locally on the functions' metrics: ${alarm.statistic} of ${alarm.metric} [${values.join(', ')}] in ${window} reached the threshold ${alarm.threshold}.`,
      };
    }
    return {
      state: 'OK',
      reason: `Evaluated locally on the functions' metrics (read since ${since}): ${values.length ? `${alarm.statistic} of ${alarm.metric} [${values.join(', ')}]` : `no ${alarm.metric} datapoints (missing data is not breaching)`} in ${window}, below the threshold ${alarm.threshold}.`,
    };
  };

  const send = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
    res.end(JSON.stringify(errorType ? { __type: errorType, message: String((body as { message?: string }).message ?? '') } : body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      if (target !== 'GraniteServiceVersion20100801.DescribeAlarms') {
        return send(
          res,
          400,
          { message: `The local CloudWatch stand-in answers DescribeAlarms only (${target || 'no target'}).` },
          'InvalidAction',
        );
      }
      let input: { AlarmNamePrefix?: string; AlarmNames?: string[]; StateValue?: string } = {};
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(res, 400, { message: 'The request body is not JSON.' }, 'InvalidParameterValue');
      }
      const now = Date.now();
      const metricAlarms = alarms
        .filter(
          (a) =>
            (!input.AlarmNamePrefix || a.name.startsWith(input.AlarmNamePrefix)) &&
            (!input.AlarmNames || input.AlarmNames.includes(a.name)),
        )
        .map((a) => {
          const { state, reason } = evaluate(a, now);
          const last = states.get(a.name);
          const since = last && last.state === state ? last.since : now;
          states.set(a.name, { state, since });
          return {
            AlarmName: a.name,
            AlarmDescription: a.description,
            StateValue: state,
            StateReason: reason,
            StateUpdatedTimestamp: since / 1000,
            ...(a.namespace ? { Namespace: a.namespace } : {}),
            ...(a.metric ? { MetricName: a.metric } : {}),
            Threshold: a.threshold,
            EvaluationPeriods: a.evaluationPeriods,
            Period: a.periodSeconds,
          };
        })
        .filter((a) => !input.StateValue || a.StateValue === input.StateValue);
      send(res, 200, { MetricAlarms: metricAlarms, CompositeAlarms: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    datapoints,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
