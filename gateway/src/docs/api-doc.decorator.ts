/** Describes a route for the OpenAPI document: a summary and the zod schemas of its input. */
import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC_KEY = 'lr:api-doc';

export interface ApiDocOptions {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The body may be multipart (file uploads). */
  multipart?: boolean;
  /** Answers beyond the common ones, or a route's own wording of one: status -> description. */
  responses?: Record<string, string>;
}

export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC_KEY, options);
