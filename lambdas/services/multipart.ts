import busboy from 'busboy';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../lib/errors';
import { type ApiEvent, header, rawBody } from '../lib/http';

export interface UploadedFile {
  field: string;
  /** As sent; informational only (never used to decide the type or the storage key). */
  filename: string;
  declaredType: string;
  content: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

export interface MultipartLimits {
  /** The one field that may carry a file. */
  fileField: string;
  maxFileBytes: number;
  /** Longest text field, in bytes (the schemas bound characters; this bounds the parser). */
  maxFieldBytes?: number;
  maxFields?: number;
}

/** Bytes fed to the parser at a time; the feed stops as soon as a limit is hit. */
const FEED_CHUNK = 64 * 1024;

const malformed = () => new ValidationError('The form data is malformed or incomplete.', undefined, 'malformed_multipart');

/**
 * Parses a multipart/form-data API Gateway body (base64 or not) with busboy. The file may be at
 * most `maxFileBytes`: one byte more and parsing stops with a 413, the rest of the body unread.
 * Truncated or malformed bodies are 400s, a non-multipart body a 415. An empty file part with an
 * empty file name (what a browser sends for an untouched file input) counts as no file.
 */
export async function parseMultipart(event: ApiEvent, limits: MultipartLimits): Promise<MultipartForm> {
  const contentType = header(event, 'content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new UnsupportedMediaTypeError('Send this form as multipart/form-data.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // +1: busboy flags the limit when the size *reaches* it, and exactly maxFileBytes is allowed.
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: 1,
        fields: limits.maxFields ?? 20,
        fieldSize: limits.maxFieldBytes ?? 64 * 1024,
        parts: (limits.maxFields ?? 20) + 1,
      },
    });
  } catch {
    throw new ValidationError('The multipart boundary is missing from Content-Type.', undefined, 'malformed_multipart');
  }
  const body = rawBody(event);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let failure: Error | undefined;
  const fail = (err: Error) => {
    failure ??= err;
  };

  const done = new Promise<void>((resolve) => {
    // A part whose Content-Disposition has no name (busboy hands it over with `name` undefined) is malformed.
    parser.on('field', (name: string | undefined, value, info) => {
      if (!name) fail(malformed());
      else if (info.nameTruncated || info.valueTruncated)
        fail(new ValidationError(`The field ${name.slice(0, 40)} is too long.`, undefined, 'field_too_long'));
      else if (Object.hasOwn(fields, name))
        fail(new ValidationError(`The field ${name.slice(0, 40)} was sent twice.`, undefined, 'duplicate_field'));
      else fields[name] = value;
    });
    parser.on('file', (name: string | undefined, stream, info) => {
      if (!name) {
        fail(malformed());
        // Drained and listened to like any file stream: destroying the parser errors the active one.
        stream.on('error', () => fail(malformed()));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(`The file must be at most ${limits.maxFileBytes} bytes (2 MB).`)));
      stream.on('error', () => fail(malformed()));
      stream.on('end', () => {
        const content = Buffer.concat(chunks);
        if (content.length === 0 && !info.filename) return;
        if (name !== limits.fileField)
          fail(new ValidationError(`Only the ${limits.fileField} field may carry a file.`, undefined, 'unexpected_file'));
        else file = { field: name, filename: info.filename ?? '', declaredType: info.mimeType, content };
      });
    });
    parser.on('filesLimit', () => fail(new ValidationError('Attach at most one file.', undefined, 'too_many_files')));
    parser.on('fieldsLimit', () => fail(new ValidationError('The form has too many fields.', undefined, 'too_many_fields')));
    parser.on('partsLimit', () => fail(new ValidationError('The form has too many parts.', undefined, 'too_many_fields')));
    parser.on('error', () => {
      fail(malformed());
      resolve();
    });
    parser.on('close', () => resolve());
  });

  for (let offset = 0; offset < body.length && !failure; offset += FEED_CHUNK) {
    await new Promise<void>((resolve) => parser.write(body.subarray(offset, offset + FEED_CHUNK), () => resolve()));
  }
  if (failure) {
    parser.destroy();
    throw failure;
  }
  parser.end();
  await done;
  if (failure) throw failure;
  return { fields, ...(file ? { file } : {}) };
}
