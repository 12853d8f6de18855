/**
 * Request bodies arrive as JSON, urlencoded or multipart forms (the old client sends all three;
 * as the old client sends them). `readForm` gives one `{ fields, files }` view of any of them.
 */
import { AppError, parseOrThrow, type ImageKind } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { abandonBody, watchBodySize } from './request-limits.js';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface FormInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

export interface ReadFormOptions {
  maxFileBytes: number;
  maxFiles: number;
  /**
   * Text fields that may carry an image as a `data:image/...;base64,` string (the old client sends
   * images so), with the image's byte limit; every other text field is small.
   */
  dataUrlFields?: Record<string, number>;
}

/**
 * The longest text field of a multipart form: the longest text any contract takes is a
 * 5,000-character product description, at most 3 bytes per UTF-16 unit in UTF-8.
 */
export const FORM_TEXT_FIELD_MAX_BYTES = 16 * 1024;

/** Bytes of a data URL carrying an image of `imageBytes` (base64 plus its `data:` prefix). */
function dataUrlBytes(imageBytes: number): number {
  return Math.ceil(imageBytes / 3) * 4 + 64;
}

function fieldLimit(options: ReadFormOptions, field: string): number {
  const imageBytes =
    options.dataUrlFields && Object.hasOwn(options.dataUrlFields, field)
      ? options.dataUrlFields[field]
      : undefined;
  return imageBytes === undefined ? FORM_TEXT_FIELD_MAX_BYTES : dataUrlBytes(imageBytes);
}

function fieldTooLarge(field: string, limitBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${field}: longer than the ${Math.ceil(limitBytes / 1024)} KB a form field may have`,
  );
}

function formError(error: unknown, options: ReadFormOptions): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return AppError.badRequest(
      `Each file must be at most ${Math.round(options.maxFileBytes / 1024 / 1024)} MB`,
    );
  if (code === 'FST_FILES_LIMIT')
    return AppError.badRequest(`At most ${options.maxFiles} files may be sent`);
  return AppError.badRequest('Malformed multipart form');
}

/** `work`, unless the body passes its limit first (then `work`'s own outcome is dropped). */
function unlessTooLarge<T>(work: Promise<T>, exceeded: Promise<never>): Promise<T> {
  work.catch(() => undefined); // a part left behind may still fail: that is no longer news
  return Promise.race([work, exceeded]);
}

function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  // Repeated fields (e.g. several sizes) become arrays.
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/**
 * One `{ fields, files }` view of a JSON, urlencoded or multipart body. A multipart body is held to
 * the request's body limit as it arrives (a 413 the moment it passes it), each text field to its
 * own limit, each file to `maxFileBytes`.
 */
export async function readForm(
  request: FastifyRequest,
  options: ReadFormOptions,
): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, files: [] };
    if (typeof body !== 'object' || Array.isArray(body))
      throw AppError.badRequest('The request body must be an object');
    return { fields: body as Record<string, unknown>, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const largestField = Math.max(
    FORM_TEXT_FIELD_MAX_BYTES,
    ...Object.values(options.dataUrlFields ?? {}).map(dataUrlBytes),
  );
  const iterable = request.parts({
    limits: { fileSize: options.maxFileBytes, files: options.maxFiles, fieldSize: largestField },
  });
  const parts = iterable[Symbol.asyncIterator]();
  // The first next() starts the parser's pipe; the size watch joins it in the same tick.
  const first = parts.next();
  const size = watchBodySize(request.raw, request.bodyLimitBytes);
  try {
    for (let next = first; ; next = parts.next()) {
      const { done, value: part } = await unlessTooLarge(next, size.exceeded);
      if (done) break;
      if (part.type === 'file') {
        const data = await unlessTooLarge(part.toBuffer(), size.exceeded);
        if (data.length === 0) continue; // an empty file input
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        });
      } else {
        const limit = fieldLimit(options, part.fieldname);
        const value = part.value;
        if (part.valueTruncated || (typeof value === 'string' && Buffer.byteLength(value) > limit))
          throw fieldTooLarge(part.fieldname, limit);
        addField(fields, part.fieldname, value);
      }
    }
  } catch (error) {
    // Whatever went wrong, nothing more of this body is read (the parser would otherwise keep
    // collecting fields nobody reads), and the connection closes after the answer.
    abandonBody(request);
    throw formError(error, options);
  } finally {
    size.stop();
  }
  return { fields, files };
}

/** Recognises PNG, JPEG and WebP by their first bytes, never by file name or declared type. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** A JSON body as an object (none: empty); anything else is a 400. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw AppError.badRequest('The request body must be an object');
  return body as Record<string, unknown>;
}

/**
 * A JSON body checked by the schema that documents it. react-admin sends null for a field emptied in
 * a form: at the top level that means "not given", so an optional field takes its default.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const given = Object.entries(bodyObject(body)).filter(([, value]) => value !== null);
  return parseOrThrow(schema, Object.fromEntries(given));
}
