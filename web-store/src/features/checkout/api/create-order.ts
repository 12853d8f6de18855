import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderResponse } from '@lr/contracts/http/v1';
import { apiFetch } from '../../../lib/api';
import type { CartItem } from '../../../lib/cart';
import { ordersKeys } from '../../../lib/query-keys';
import type { ShippingInfo } from '../../../lib/shipping-info';

export interface NewOrderBody {
  shippingInfo: ShippingInfo;
  orderItems: {
    product: string;
    name: string;
    SubCategory: string;
    ProductSize: string;
    quantity: number;
    image: string;
    price: number;
  }[];
  itemsPrice: number;
  taxPrice: number;
  shippingPrice: number;
  totalPrice: number;
  /** The school ticked the consent box on Delivery Details. */
  sharingConsent?: true;
  /** Why the student needs a request over the school year's limit (warn mode). */
  studentLimitReason?: string;
}

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
