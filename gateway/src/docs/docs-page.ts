/**
 * The browsable API documentation at /api/docs: Swagger UI (the `swagger-ui-dist` package, served by
 * the gateway itself, nothing from another site) over the OpenAPI document at DOCS_JSON_PATH.
 *
 * It runs under the gateway's Content-Security-Policy as it is: scripts and styles are files from
 * this origin (`script-src 'self'`; the page's start-up is the script below, not an inline one),
 * Swagger UI's inline style attributes are allowed by `style-src 'unsafe-inline'` like the apps',
 * and the online validator badge (an image from another site) is switched off.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document, always as JSON (/api/docs gives it too, to any client not asking for HTML). */
export const DOCS_JSON_PATH = '/api/docs/openapi.json';
const UI_PATH = '/api/docs/ui';

const swaggerRoot = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** The files of the package the page uses; nothing else of its folder is served. */
const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(DOCS_JSON_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
});
`;

export const DOCS_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Locker Room API</title>
    <link rel="icon" type="image/png" href="${UI_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${UI_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${UI_PATH}/swagger-ui-bundle.js"></script>
    <script src="${UI_PATH}/start.js"></script>
  </body>
</html>
`;

/** A browser navigating to the page asks for HTML first; fetch, curl and the tests do not. */
export function prefersHtml(accept: string | undefined): boolean {
  return (accept ?? '').split(',')[0]?.trim().startsWith('text/html') ?? false;
}

/** The page's scripts and styles, under /api/docs/ui/. */
export function registerDocsPage(app: FastifyInstance): void {
  app.get(`${UI_PATH}/start.js`, (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(START_SCRIPT),
  );
  app.get(`${UI_PATH}/:file`, (request, reply) => {
    const { file } = request.params as { file: string };
    if (!SWAGGER_FILES.has(file)) {
      return reply
        .status(404)
        .send({ success: false, message: 'Resource not found', code: 'NOT_FOUND' });
    }
    // The files change only with the package's version, which changes the page's deploy anyway.
    return reply.sendFile(file, swaggerRoot, { maxAge: '1d' });
  });
}
