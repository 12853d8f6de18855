/** Builds the OpenAPI 3.1 document from the route table and the routes' zod schemas. */
import { z } from 'zod';
import type { RouteEntry } from './route-table.js';

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): unknown {
  try {
    return z.toJSONSchema(schema, { unrepresentable: 'any', io });
  } catch {
    return {};
  }
}

export function buildOpenApi(routes: RouteEntry[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const openApiPath = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const params = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      summary: route.doc?.summary ?? route.handler,
      operationId: route.handler,
      'x-access': route.access,
      parameters: params,
      responses: {
        '200': route.doc?.response
          ? {
              description: 'Success',
              content: {
                [route.doc.responseType ?? 'application/json']: {
                  schema: toJsonSchema(route.doc.response, 'output'),
                },
              },
            }
          : { description: 'Success' },
        '400': { description: 'Invalid input: { success: false, message, code }' },
        '401': { description: 'Login required' },
        '403': { description: 'Role not allowed' },
        '404': { description: 'Not found' },
        ...Object.fromEntries(
          Object.entries(route.doc?.responses ?? {}).map(([status, description]) => [
            status,
            { description },
          ]),
        ),
      },
    };
    if (route.doc?.query) {
      const schema = toJsonSchema(route.doc.query) as { properties?: Record<string, unknown> };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        (operation.parameters as unknown[]).push({
          name,
          in: 'query',
          required: false,
          schema: property,
        });
      }
    }
    if (route.doc?.body) {
      const schema = toJsonSchema(route.doc.body);
      const content: Record<string, unknown> = { 'application/json': { schema } };
      if (route.doc.multipart) content['multipart/form-data'] = { schema };
      operation.requestBody = { required: true, content };
    }
    (paths[openApiPath] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Locker Room request shop API', version },
    paths,
  };
}
