/**
 * Describes a route for the OpenAPI document: a summary, the zod schemas of its input and of its
 * answer. The answer's schema (from @lr/contracts) is also checked against every real answer when
 * response-contract checks are on (docs/response-contract.interceptor.ts).
 */
import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC_KEY = 'lr:api-doc';

export interface ApiDocOptions {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The body may be multipart (file uploads). */
  multipart?: boolean;
  /** The 200 answer's body (a schema from @lr/contracts). */
  response?: z.ZodType;
  /** The answer's media type when it is not JSON (e.g. `text/csv`, described by a string schema). */
  responseType?: string;
  /** Answers beyond the common ones, or a route's own wording of one: status -> description. */
  responses?: Record<string, string>;
}

export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC_KEY, options);
