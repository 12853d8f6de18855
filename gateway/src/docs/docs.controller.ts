import { Controller, Get } from '@nestjs/common';
import { Access } from '../auth/access.decorator.js';
import { buildOpenApi } from './openapi.js';
import { RouteTable } from './route-table.js';

@Controller()
export class DocsController {
  constructor(private readonly table: RouteTable) {}

  @Get('/api/docs')
  @Access('public')
  openApi() {
    return buildOpenApi(this.table.routes(), '1.0.0');
  }
}
