/** `/api/console/orders` for the react-admin console (ra-data-simple-rest dialect): admins and volunteers. */
import { Body, Controller, Delete, Get, Param, Put, Query, Req } from '@nestjs/common';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  digitsOrNumber,
  ordersOps,
  catalogOps,
  AppError,
  consoleOrderHistorySchema,
  consoleOrderSchema,
  consoleOrderUpdateSchema,
  consoleStockOutcomeSchema,
  consoleOrderWithStockSchema,
  orderContactSchema,
  ORDER_CONSOLE_SORT_FIELDS,
  orderConsoleFilterSchema,
  parseOrThrow,
  updateOrderBodySchema,
  type Actor,
  type ConsoleOrderWithStock,
  type OrderContact,
  type OrderSnapshot,
} from '@lr/contracts';
import { RpcClient, collectByIds, collectRange } from '@lr/nest-kit';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import {
  ConsoleListRoute,
  ConsoleQuery,
  consoleIdFilterSchema,
  idsOf,
  type ConsoleListQuery,
} from '../../core/console.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { toConsoleHistory, toConsoleOrder } from './order-views.js';
import { accessOf } from '../../core/student-data-access.js';
import { withFlags } from './order-flags.js';

const consoleFilterSchema = orderConsoleFilterSchema.extend({
  id: consoleIdFilterSchema,
});

type SortField = (typeof ORDER_CONSOLE_SORT_FIELDS)[number];

function sortFieldOf(field: string): SortField {
  if (field === 'id') return 'createdAt';
  if ((ORDER_CONSOLE_SORT_FIELDS as readonly string[]).includes(field)) return field as SortField;
  throw AppError.badRequest(`sort: cannot sort orders by ${field}`);
}

/** The version a change left (the `stock.version` of its answer). */
const stockQuerySchema = z.object({ version: digitsOrNumber(z.number().int().positive()) });

@Controller()
export class ConsoleOrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @ConsoleListRoute('/api/console/orders', {
    summary:
      'Orders (console list; newest first by default; filter status, userId, school, q, createdAt_gte/createdAt_lte or from/to, id)',
    row: consoleOrderSchema,
    // `id` is the console's default: newest first.
    sortable: [...ORDER_CONSOLE_SORT_FIELDS, 'id'],
  })
  @Access('admin', 'volunteer')
  async list(
    @CurrentActor() actor: Actor,
    @ConsoleQuery() { sort, range, filter }: ConsoleListQuery,
    @Req() request: FastifyRequest,
  ) {
    const { id, ...filters } = parseOrThrow(consoleFilterSchema, filter);
    const ids = idsOf(id);
    if (ids) {
      // The console reads chosen orders by id only for their pick lists.
      const access = accessOf(request, 'pick-lists');
      const orders = await collectByIds(
        ids,
        (some) => this.rpc.call(ordersOps.getMany, { ids: some }, { actor, access }),
        (order) => order.id,
      );
      return { items: orders.map(toConsoleOrder), total: orders.length, start: 0 };
    }
    const sortBy = {
      field: sortFieldOf(sort?.field ?? 'createdAt'),
      order: sort?.order ?? 'DESC',
    };
    const access = accessOf(request, 'order-list');
    const page = await collectRange(
      (start, limit) =>
        this.rpc.call(
          ordersOps.consoleList,
          { sort: sortBy, range: { start, end: start + limit - 1 }, filter: filters },
          { actor, access },
        ),
      range.start,
      range.end - range.start + 1,
    );
    const items = await withFlags(this.rpc, actor, page.items.map(toConsoleOrder));
    return { items, total: page.total };
  }

  @Get('/api/console/orders/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: "One order (console), each line with its size's current stock",
    response: consoleOrderWithStockSchema,
  })
  async get(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<ConsoleOrderWithStock> {
    const order = await this.rpc.call(
      ordersOps.get,
      { id },
      { actor, access: accessOf(request, 'order-detail') },
    );
    const [record] = await withFlags(this.rpc, actor, [toConsoleOrder(order)]);
    // Whoever processes the order (volunteers too, who may not list products) sees the stock each
    // line would draw from, to show the resulting inventory before pressing Process.
    const stock = await this.currentStock(order, actor);
    return {
      ...record!,
      orderItems: record!.orderItems.map((item) => {
        const current = stock.get(`${item.product}:${item.ProductSize.toLowerCase()}`);
        return current === undefined ? item : { ...item, stock: current };
      }),
    };
  }

  /** productId:size -> current stock; empty when the catalog does not answer (stock is optional). */
  private async currentStock(order: OrderSnapshot, actor: Actor): Promise<Map<string, number>> {
    const stock = new Map<string, number>();
    const ids = [...new Set(order.lines.map((line) => line.productId))];
    if (ids.length === 0) return stock;
    try {
      const products = await collectByIds(
        ids,
        (some) => this.rpc.call(catalogOps.getProducts, { ids: some }, { actor }),
        (product) => product.id,
      );
      for (const product of products) {
        for (const size of product.sizes)
          stock.set(`${product.id}:${size.size.toLowerCase()}`, size.stock);
      }
    } catch {
      // The order is still worth showing; the console then says the server checks stock on Process.
    }
    return stock;
  }

  @Get('/api/console/orders/:id/contact')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      "The teacher's phone and e-mail of one order (left out of the order for volunteers; each call is recorded in the access log)",
    response: orderContactSchema,
  })
  contact(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<OrderContact> {
    return this.rpc.call(
      ordersOps.contact,
      { id },
      { actor, access: accessOf(request, 'contact-details') },
    );
  }

  @Get('/api/console/orders/:id/history')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: "The order's status history: who, when, from, to, quantities, reason",
    response: consoleOrderHistorySchema,
  })
  async history(@CurrentActor() actor: Actor, @Param('id') id: string) {
    const entries = await this.rpc.call(ordersOps.history, { id }, { actor });
    return entries.map(toConsoleHistory);
  }

  @Put('/api/console/orders/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      "Process an order (console): status, newQuantity, and at Ready for Pickup the pickup time (default: the next open slot); answered with the order as the change left it and catalog's decision on its stock (committed, refused with the short lines and the order back in Processing, pending, or none)",
    body: updateOrderBodySchema,
    response: consoleOrderUpdateSchema,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    const input = parseOrThrow(updateOrderBodySchema, body ?? {});
    const order = await this.rpc.call(
      ordersOps.update,
      {
        id,
        status: input.status,
        newQuantity: input.newQuantity ?? null,
        ...(input.pickup ? { pickup: input.pickup } : {}),
      },
      { actor, access: accessOf(request, 'order-update') },
    );
    return { ...toConsoleOrder(order), stock: order.stock };
  }

  @Get('/api/console/orders/:id/stock')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      "Catalog's decision on the stock of a change answered pending: waits a few seconds for it, then answers pending again (ask again)",
    query: stockQuerySchema,
    response: consoleStockOutcomeSchema,
  })
  stock(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    const { version } = parseOrThrow(stockQuerySchema, query);
    return this.rpc.call(ordersOps.stockOutcome, { id, version }, { actor });
  }

  @Delete('/api/console/orders/:id')
  @Access('admin')
  @ApiDoc({ summary: 'Delete an order (console, admins)', response: consoleOrderSchema })
  async delete(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ) {
    const access = accessOf(request, 'order-delete');
    return toConsoleOrder(await this.rpc.call(ordersOps.delete, { id }, { actor, access }));
  }
}
