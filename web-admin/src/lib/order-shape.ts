import type { ConsoleOrder, OrderItem } from '../types';

type Raw = Record<string, unknown>;

const str = (value: unknown, fallback = ''): string =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? fallback
      : String(value);
const num = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

function toItem(raw: Raw, index: number): OrderItem {
  const quantity = num(raw.quantity);
  return {
    _id: str(raw._id ?? raw.lineId ?? raw.id, String(index)),
    product: str(raw.product ?? raw.productId),
    name: str(raw.name),
    category: str(raw.category),
    SubCategory: str(raw.SubCategory ?? raw.subCategory),
    ProductSize: str(raw.ProductSize ?? raw.size),
    quantity,
    requestedQuantity: num(raw.requestedQuantity, quantity),
    image: str(raw.image),
    ...(typeof raw.stock === 'number' ? { stock: raw.stock } : {}),
  } as OrderItem;
}

/**
 * The console reads orders in the spec's shape (orderId, user, orderItems, orderStatus). The gateway
 * may also hand over the orders service's snapshot (orderNumber, userName, lines, status): both become
 * the one shape the pages use, so a renamed field never blanks a column.
 */
export function toConsoleOrder(raw: Raw): ConsoleOrder {
  const user = (raw.user as Raw | undefined) ?? undefined;
  const items = (raw.orderItems ?? raw.lines) as Raw[] | undefined;
  return {
    ...(raw as object),
    id: str(raw.id ?? raw._id),
    orderId: str(raw.orderId ?? raw.orderNumber),
    user: {
      _id: str(user?._id ?? user?.id ?? raw.userId),
      name: str(user?.name ?? raw.userName),
    },
    shippingInfo: (raw.shippingInfo as ConsoleOrder['shippingInfo']) ?? {},
    orderItems: Array.isArray(items) ? items.map(toItem) : [],
    orderStatus: str(raw.orderStatus ?? raw.status) as ConsoleOrder['orderStatus'],
    createdAt: str(raw.createdAt),
    deliveredAt: (raw.deliveredAt as string | null | undefined) ?? null,
  };
}
