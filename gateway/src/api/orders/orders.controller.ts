/** The old API's order calls on /api/v1: payment, placing, reading, processing, deleting. */
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Req,
  Res,
  type StreamableFile,
} from '@nestjs/common';
import { z } from 'zod';
import {
  ordersOps,
  AppError,
  UI_MESSAGES,
  allOrdersResponseSchema,
  idempotencyKeySchema,
  myOrdersResponseSchema,
  orderResponseSchema,
  successResponseSchema,
  newOrderBodySchema,
  parseOrThrow,
  paymentProcessBodySchema,
  updateOrderBodySchema,
  type AccessContext,
  type Actor,
  type ApiOrder,
  type OrderResponse,
  type SuccessResponse,
} from '@lr/contracts';
import { LOGGER, RpcClient, keysetPages, type Logger } from '@lr/nest-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { CurrentActor } from '../../auth/current-actor.decorator.js';
import { readForm } from '../../core/body.js';
import { streamJsonList } from '../../core/json-list-stream.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';
import { toApiOrder } from './order-views.js';
import { accessOf } from '../../core/student-data-access.js';

const idempotencyHeaderSchema = z.object({ 'Idempotency-Key': idempotencyKeySchema.optional() });

@Controller()
export class OrdersController {
  private readonly logger: Logger;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ context: 'OrdersController' });
  }

  /**
   * Every page of a newest-first order walk, mapped to the old API's shape; with `access`, every page
   * is part of one read in the access log.
   */
  private async *orderPages(
    operation: typeof ordersOps.listMine | typeof ordersOps.listAll,
    actor: Actor,
    access?: AccessContext,
  ): AsyncGenerator<ApiOrder[]> {
    const pages = keysetPages((after) => this.rpc.call(operation, { after }, { actor, access }));
    for await (const page of pages) yield page.map(toApiOrder);
  }

  @Post('/api/v1/payment/process')
  @HttpCode(200)
  @Access('login')
  @ApiDoc({
    summary: 'Checkout step: no money changes hands, the amount must be 0',
    body: paymentProcessBodySchema,
    response: successResponseSchema,
  })
  payment(@Body() body: unknown): SuccessResponse {
    parseOrThrow(paymentProcessBodySchema, body ?? {});
    return { success: true };
  }

  @Post('/api/v1/order/new')
  @HttpCode(201)
  @Access('login')
  @ApiDoc({
    summary:
      'Place a request (header Idempotency-Key: one opaque key per checkout, 1-255 visible ASCII characters; a repeat by the same account returns the first order)',
    body: newOrderBodySchema,
    response: orderResponseSchema,
  })
  async place(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @Headers('idempotency-key') idempotencyKeyHeader: string | undefined,
  ): Promise<OrderResponse> {
    const input = parseOrThrow(newOrderBodySchema, body ?? {});
    const { 'Idempotency-Key': idempotencyKey } = parseOrThrow(idempotencyHeaderSchema, {
      'Idempotency-Key': idempotencyKeyHeader || undefined,
    });
    const order = await this.rpc.call(
      ordersOps.place,
      {
        shippingInfo: input.shippingInfo,
        lines: input.orderItems.map((item) => ({
          productId: item.product,
          size: item.ProductSize,
          quantity: item.quantity,
        })),
        idempotencyKey: idempotencyKey ?? null,
        sharingConsent: input.sharingConsent,
        studentLimitReason: input.studentLimitReason,
      },
      { actor },
    );
    return { success: true, order: toApiOrder(order) };
  }

  @Get('/api/v1/orders/me')
  @Access('login')
  @ApiDoc({ summary: "The caller's own orders, newest first", response: myOrdersResponseSchema })
  mine(
    @CurrentActor() actor: Actor,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return streamJsonList(
      reply,
      {
        head: { success: true },
        field: 'orders',
        pages: this.orderPages(ordersOps.listMine, actor),
        what: 'orders/me',
      },
      this.logger,
    );
  }

  @Get('/api/v1/order/:id')
  @Access('login')
  @ApiDoc({
    summary: "One order: the caller's own (another school's is 404); staff see any",
    response: orderResponseSchema,
  })
  async get(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<OrderResponse> {
    const order = await this.rpc.call(
      ordersOps.get,
      { id },
      { actor, access: accessOf(request, 'order-detail') },
    );
    return { success: true, order: toApiOrder(order) };
  }

  @Get('/api/v1/admin/orders')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary: 'All orders, newest first (admins and volunteers)',
    response: allOrdersResponseSchema,
  })
  all(
    @CurrentActor() actor: Actor,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return streamJsonList(
      reply,
      {
        head: { success: true, totalAmount: 0 },
        field: 'orders',
        pages: this.orderPages(ordersOps.listAll, actor, accessOf(request, 'order-list')),
        what: 'admin/orders',
      },
      this.logger,
    );
  }

  @Put('/api/v1/admin/order/:id')
  @Access('admin', 'volunteer')
  @ApiDoc({
    summary:
      'Process an order: status (the allowed transitions of ORDER_TRANSITIONS) and newQuantity (one per line, only while Processing; JSON array or comma-joined form field). 409 when catalog refuses the commit for want of stock (the order is then back in Processing)',
    body: updateOrderBodySchema,
    response: orderResponseSchema,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<OrderResponse> {
    const { fields } = await readForm(request, { maxFileBytes: 1, maxFiles: 0 });
    const input = parseOrThrow(updateOrderBodySchema, fields);
    const order = await this.rpc.call(
      ordersOps.update,
      { id, status: input.status, newQuantity: input.newQuantity ?? null },
      { actor, access: accessOf(request, 'order-update') },
    );
    // The old API's answer to a commit the stock cannot cover: a 409 with the short lines (the
    // order is back in Processing, catalog having refused it).
    if (order.stock.outcome === 'refused')
      throw AppError.conflict(UI_MESSAGES.inventoryBelowZero, {
        lines: order.stock.shortLines ?? [],
      });
    return { success: true, order: toApiOrder(order) };
  }

  @Delete('/api/v1/admin/order/:id')
  @Access('login')
  @ApiDoc({
    summary:
      "Delete an order: an admin any order; a school its own while Processing (the store's cancel)",
    response: successResponseSchema,
  })
  async delete(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<SuccessResponse> {
    if (!actor) throw AppError.unauthorized();
    const access = accessOf(request, 'order-delete');
    await this.rpc.call(ordersOps.delete, { id }, { actor, access });
    return { success: true };
  }
}
