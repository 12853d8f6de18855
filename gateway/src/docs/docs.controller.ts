import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access.decorator.js';
import { DOCS_JSON_PATH, DOCS_PAGE_HTML, prefersHtml } from './docs-page.js';
import { buildOpenApi } from './openapi.js';
import { RouteTable } from './route-table.js';

@Controller()
export class DocsController {
  constructor(private readonly table: RouteTable) {}

  /**
   * The browsable page for a browser; the OpenAPI document (JSON) for any other client, as this
   * URL always answered before the page existed.
   */
  @Get('/api/docs')
  @Access('public')
  docs(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('Vary', 'Accept');
    if (prefersHtml(request.headers.accept)) {
      void reply.type('text/html; charset=utf-8');
      return DOCS_PAGE_HTML;
    }
    return this.openApi();
  }

  /** The OpenAPI document at a URL that is JSON whatever the client asks for. */
  @Get(DOCS_JSON_PATH)
  @Access('public')
  openApi() {
    return buildOpenApi(this.table.routes(), '1.0.0');
  }
}
