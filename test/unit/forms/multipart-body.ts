/** A hand-built multipart/form-data body: valid, or cut short / corrupted by the caller. */
export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function rawMultipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Enough of a PNG for the magic-byte check (the signature and an IHDR chunk start). */
export const pngLike = (size = 64) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(Math.max(0, size - 8), 7)]);
