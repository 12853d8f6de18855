/**
 * Serves the two single-page apps and the uploaded media from the gateway:
 *   /            the store (web-store/dist), unknown paths fall back to its index.html
 *   /admin/      the console (web-admin/dist, hash routing)
 *   /media/...   uploaded images (a name is never reused for other content: cached for a year)
 * (only what the pages load: the build's manifest and source maps are not served)
 * and sends the original app's admin paths (/admin/dashboard, /register, /generate-report, ...) to the
 * matching console page.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mediaDir, type GatewayConfig } from '../config.js';

/** The original app's admin path -> the console's hash route. */
export function consoleRouteFor(pathname: string): string | null {
  const rules: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^\/admin\/dashboard\/?$/, () => '/'],
    [/^\/admin\/orders\/?$/, () => '/orders'],
    [/^\/admin\/order\/([^/]+)\/?$/, (m) => `/orders/${m[1]}`],
    [/^\/admin\/products\/?$/, () => '/products'],
    [/^\/admin\/product\/?$/, () => '/products/create'],
    [/^\/admin\/product\/([^/]+)\/?$/, (m) => `/products/${m[1]}`],
    [/^\/admin\/users\/?$/, () => '/users'],
    [/^\/admin\/user\/([^/]+)\/?$/, (m) => `/users/${m[1]}`],
    [/^\/register\/?$/, () => '/users/create'],
    [/^\/registersuccess\/?$/, () => '/users/registered'],
    [/^\/generate-report(\/.*)?$/, () => '/report'],
  ];
  for (const [pattern, target] of rules) {
    const match = pathname.match(pattern);
    if (match) return `/admin/#${target(match).replace(/[^A-Za-z0-9/_-]/g, '')}`;
  }
  return null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Build output the pages never load: Vite's manifest (`.vite/`), any other dot file, source maps.
 * They describe the build, not the app, so they are not served.
 */
function isBuildInternal(relative: string): boolean {
  return (
    relative.split(/[\\/]/).some((segment) => /^\.[^.]/.test(segment)) || relative.endsWith('.map')
  );
}

function sendApp(reply: FastifyReply, root: string, relative: string): FastifyReply {
  const safe = path.normalize(relative).replace(/^(\.\.(\/|\\|$))+/, '');
  if (isBuildInternal(safe)) {
    return reply
      .status(404)
      .send({ success: false, message: 'Resource not found', code: 'NOT_FOUND' });
  }
  const file = path.join(root, safe);
  if (safe && file.startsWith(root) && isFile(file)) {
    const hashed = safe.startsWith('assets/');
    return reply.sendFile(safe, root, { maxAge: hashed ? '365d' : 0, immutable: hashed });
  }
  if (!existsSync(path.join(root, 'index.html'))) {
    return reply
      .status(503)
      .type('text/plain')
      .send('This app is not built yet: run `npm run build`.');
  }
  void reply.header('Cache-Control', 'no-cache');
  return reply.sendFile('index.html', root, { cacheControl: false });
}

export async function registerWebRoutes(
  app: FastifyInstance,
  config: GatewayConfig,
): Promise<void> {
  const storeRoot = path.resolve(config.WEB_STORE_DIR);
  const adminRoot = path.resolve(config.WEB_ADMIN_DIR);
  const mediaRoot = mediaDir(config);
  await app.register(fastifyStatic, { root: storeRoot, serve: false });

  app.get('/media/*', (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const safe = path.normalize(relative).replace(/^(\.\.(\/|\\|$))+/, '');
    if (!safe || !isFile(path.join(mediaRoot, safe))) {
      return reply
        .status(404)
        .send({ success: false, message: 'Resource not found', code: 'NOT_FOUND' });
    }
    return reply.sendFile(safe, mediaRoot, { maxAge: '365d', immutable: true });
  });

  app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', (request, reply) => {
    const target = consoleRouteFor(request.url.split('?')[0] ?? '');
    if (target) return reply.redirect(target);
    return sendApp(reply, adminRoot, (request.params as { '*': string })['*']);
  });

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ success: false, message: 'Resource not found', code: 'NOT_FOUND' });
    }
    const target = consoleRouteFor(pathname);
    if (target) return reply.redirect(target);
    return sendApp(reply, storeRoot, (request.params as { '*': string })['*']);
  });
}
