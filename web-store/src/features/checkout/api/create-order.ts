import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { newOrderBodySchema } from '@lr/contracts/orders';
import type { OrderResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import type { CartItem } from '../../../lib/cart';
import { ordersKeys } from '../../../lib/query-keys';
import type { ShippingInfo } from '../../../lib/shipping-info';

/** `POST /api/v1/order/new` as the gateway validates it; `sharingConsent` is the consent box. */
export type NewOrderBody = z.input<typeof newOrderBodySchema>;

export function newOrderBody(
  shippingInfo: ShippingInfo,
  items: readonly CartItem[],
  sharingConsent: boolean,
): NewOrderBody {
  return {
    ...(sharingConsent ? { sharingConsent: true as const } : {}),
    shippingInfo,
    orderItems: items.map((item) => ({
      product: item.product,
      name: item.name,
      SubCategory: item.SubCategory,
      ProductSize: item.ProductSize,
      quantity: item.quantity,
      image: item.image,
      price: 0,
    })),
    itemsPrice: 0,
    taxPrice: 0,
    shippingPrice: 0,
    totalPrice: 0,
  };
}

export interface CreateOrderInput {
  body: NewOrderBody;
  /** One uuid per checkout: a repeated submit creates one order, not two. */
  idempotencyKey: string;
}

export function createOrder({ body, idempotencyKey }: CreateOrderInput): Promise<OrderResponse> {
  return apiFetch('/api/v1/order/new', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // My Orders and stock figures change with a new order.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
