import type { LocalApp } from '../../local/app';
import type { GatewayRequest } from '../../local/iam/gateway';

/**
 * Stores that fail, as the functions meet them in AWS: the local gateway answers their calls with
 * the service's own error instead of reaching the stand-in (a bucket or table that is gone, an S3
 * outage). The functions keep the template's names; only the store misbehaves.
 */
const s3Error = (status: number, code: string) => ({
  status,
  contentType: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code} (local fault)</Message></Error>`,
});

const bucketOf = (r: GatewayRequest) => new URL(r.url, 'http://local').pathname.split('/')[1] ?? '';
const keyOf = (r: GatewayRequest) => decodeURIComponent(new URL(r.url, 'http://local').pathname.split('/').slice(2).join('/'));
const tableOf = (r: GatewayRequest) => {
  try {
    return String((JSON.parse(r.body.toString('utf8')) as { TableName?: string }).TableName ?? '');
  } catch {
    return '';
  }
};

/** Every call to `<prefix>-<id>` answers NoSuchBucket. */
export function bucketGone(app: LocalApp & { prefix: string }, id: string) {
  return app.deployment.gateway.inject({
    match: (r) => r.service === 's3' && bucketOf(r) === `${app.prefix}-${id}`,
    answer: s3Error(404, 'NoSuchBucket'),
  });
}

/** Every call naming `<prefix>-<id>` answers ResourceNotFoundException (transactions name it inside; matched by text). */
export function tableGone(app: LocalApp & { prefix: string }, id: string) {
  const name = `${app.prefix}-${id}`;
  return app.deployment.gateway.inject({
    match: (r) => r.service === 'dynamodb' && (tableOf(r) === name || r.body.includes(`"${name}"`)),
    answer: {
      status: 400,
      body: JSON.stringify({
        __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
        message: 'Requested resource not found',
      }),
    },
  });
}

/** The next `times` PUTs of keys under `prefix` answer InternalError (an S3 hiccup the SDK retries). */
export function s3PutFails(app: LocalApp, prefix: string, times: number) {
  return app.deployment.gateway.inject({
    match: (r) => r.service === 's3' && r.method === 'PUT' && keyOf(r).startsWith(prefix),
    answer: s3Error(500, 'InternalError'),
    times,
  });
}
