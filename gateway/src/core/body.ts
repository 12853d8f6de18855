/**
 * Request bodies arrive as JSON, urlencoded or multipart forms (the old client sends all three;
 * as the old client sends them). `readForm` gives one `{ fields, files }` view of any of them.
 */
import { AppError, parseOrThrow, type ImageKind } from '@lr/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

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
}

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
  try {
    for await (const part of request.parts({
      limits: { fileSize: options.maxFileBytes, files: options.maxFiles },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) continue; // an empty file input
        files.push({
          field: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          data,
        });
      } else {
        const value = part.value;
        // Repeated fields (e.g. several sizes) become arrays.
        const existing = fields[part.fieldname];
        if (existing === undefined) fields[part.fieldname] = value;
        else
          fields[part.fieldname] = Array.isArray(existing)
            ? [...existing, value]
            : [existing, value];
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'BAD_REQUEST',
        `Each file must be at most ${Math.round(options.maxFileBytes / 1024 / 1024)} MB`,
      );
    }
    if (code === 'FST_FILES_LIMIT')
      throw AppError.badRequest(`At most ${options.maxFiles} files may be sent`);
    throw AppError.badRequest('Malformed multipart form');
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
