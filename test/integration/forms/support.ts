import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { freshConnection } from '../../../local/fresh-connection';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/names';
import { startTestApp, type TestApp } from '../../support/local-app';
import { startedForFile } from '../../support/per-file';

/** Rate limits off (0) unless a test file sets them; logs silenced. */
export const QUIET_ENV = { FORMS_RATE_LIMIT_PER_MINUTE: '0', FORMS_RATE_LIMIT_PER_HOUR: '0', LOG_LEVEL: 'SILENT', NOTIFY_EMAIL: '' };

export interface FormsTestApp extends TestApp {
  /** Every item of the messages table (raw, with keys). */
  messages(): Promise<Record<string, unknown>[]>;
  /** Keys in the attachments bucket. */
  attachments(): Promise<string[]>;
  attachment(key: string): Promise<{ body: Buffer; contentType: string | undefined }>;
  postForm(path: string, form: FormData): Promise<Response>;
  postJson(path: string, body: unknown): Promise<Response>;
  postRaw(path: string, body: Buffer | string, contentType: string): Promise<Response>;
  close(): Promise<void>;
}

/** The test file's forms app, started before its tests and closed after them (see startedForFile). */
export function formsAppForFile(env: Record<string, string> = {}): FormsTestApp {
  return startedForFile(
    () => startFormsApp(env),
    (app) => app.close(),
  );
}

export async function startFormsApp(env: Record<string, string> = {}): Promise<FormsTestApp> {
  const app = await startTestApp({ env: { ...QUIET_ENV, ...env } });
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: LOCAL_REGION,
      endpoint: app.env.DYNAMODB_ENDPOINT,
      credentials: LOCAL_CREDENTIALS,
      requestHandler: freshConnection(),
    }),
  );
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint: app.env.S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  const table = `${app.prefix}-messages`;
  const bucket = `${app.prefix}-attachments`;
  return {
    ...app,
    async messages() {
      return (await ddb.send(new ScanCommand({ TableName: table }))).Items ?? [];
    },
    async attachments() {
      return ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key ?? '');
    },
    async attachment(key) {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from((await object.Body?.transformToByteArray()) ?? []), contentType: object.ContentType };
    },
    postForm: (path, form) => app.api(path, { method: 'POST', body: form }),
    postJson: (path, body) =>
      app.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    postRaw: (path, body, contentType) => app.api(path, { method: 'POST', headers: { 'content-type': contentType }, body }),
    async close() {
      ddb.destroy();
      s3.destroy();
      await app.stop();
    },
  };
}

/** An 8x8 picture of one colour, encoded by sharp in `format`: real bytes of that type. */
const tiny = (format: 'png' | 'jpeg' | 'webp' | 'gif', background: string) => () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
export const tinyPng = tiny('png', '#c33');
export const tinyJpeg = tiny('jpeg', '#3c3');
export const tinyWebp = tiny('webp', '#33c');
export const tinyGif = tiny('gif', '#cc3');
/** The first box of an MP4 (ftyp, brand isom) padded out: the type is decided by these bytes. */
export const mp4Head = (brand = 'isom') =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(0x18 - 12 + 200, 1)]);
export const webmHead = () =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(200, 2),
  ]);
export const svgWithScript = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="8" height="8"/></svg>',
  );

/** A buffer of exactly `size` bytes that sniffs as PNG (a PNG followed by padding). */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await tinyPng();
  return Buffer.concat([png, Buffer.alloc(size - png.length, 0)]);
}

export function file(content: Buffer, name: string, type: string): Blob & { name?: string } {
  return new File([new Uint8Array(content)], name, { type });
}

export function form(fields: Record<string, string>, attachment?: { content: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (attachment) data.append('screenshot', file(attachment.content, attachment.name, attachment.type), attachment.name);
  return data;
}

export { rawMultipart } from '../../unit/forms/multipart-body';

export const validFeedback = {
  feedbackType: 'bug_report',
  description: 'The gallery freezes when I scroll fast.',
  email: 'ann@example.com',
  rating: '4',
};
export const validIssue = {
  reporterEmail: 'bob@example.com',
  issueType: 'ui_glitch',
  issueUrl: 'https://artloom.example/generate',
  description: 'The button overlaps the footer.',
};
export const validContact = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  subject: 'Hello',
  message: 'I love the galleries here.',
};

export async function errorOf(res: Response): Promise<{ code: string; message: string; fields?: Record<string, string> }> {
  const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
  return body.error;
}
