/** Shapes of the gateway's console API records (common brief, "HTTP surface"). */
import type { OrderStatus, Role } from '@lr/contracts';

export interface ConsoleUser {
  id: string;
  _id?: string;
  name: string;
  email: string;
  role: Role;
  address?: string;
  district?: string;
  avatar?: { url?: string };
  createdAt?: string;
}

export interface ProductSizeRecord {
  _id: string;
  size: string;
  stock: number;
}

export interface ProductImage {
  _id: string;
  url: string;
}

export interface ConsoleProduct {
  id: string;
  name: string;
  description?: string;
  category: string;
  SubCategory: string;
  ProductSize: ProductSizeRecord[];
  Stock: number;
  images: ProductImage[];
  isShow: boolean;
  ratings?: number;
  numOfReviews?: number;
  createdAt?: string;
}

export interface OrderItem {
  _id: string;
  product: string;
  name: string;
  category?: string;
  SubCategory: string;
  ProductSize: string;
  quantity: number;
  requestedQuantity?: number;
  image?: string;
}

export interface ShippingInfo {
  userName?: string;
  receivingPersonName?: string;
  additionalComments?: string;
  userLoggedInDesignation?: string;
  userAddress?: string;
  orderDate?: string;
  phoneNo?: string;
  Email?: string;
}

export interface ConsoleOrder {
  id: string;
  orderId: string;
  user: { _id: string; name: string };
  shippingInfo: ShippingInfo;
  orderItems: OrderItem[];
  orderStatus: OrderStatus;
  createdAt: string;
  deliveredAt?: string | null;
}

export interface OrderHistoryEntry {
  at: string;
  /** Who made the change; null when the system did (e.g. the catalog refused a commit). */
  by: { id: string; name: string } | string | null;
  from: string | null;
  to: string;
  quantities?: number[] | null;
  reason?: string | null;
}

export interface DashboardFigures {
  processingOrders: number;
  productsCount?: number;
  outOfStockSizes?: number;
  inStockSizes?: number;
  outOfStock?: { name: string; entries: string[] }[];
  lowStock?: {
    productId: string;
    name: string;
    SubCategory: string;
    size: string;
    stock: number;
  }[];
  usersCount?: number;
}

export interface RankedName {
  name: string;
  count: number;
}

export interface Report {
  ordersReceived: number;
  ordersFulfilled: number;
  averageFulfilmentHours: number;
  itemsFulfilled: number;
  itemsReceived: number;
  itemsReceivedByKind: { kind: string; items: number }[];
  countAdjustments: { counts: number; adjustedSizes: number; net: number; absolute: number };
  studentsHelped: number;
  topItems: RankedName[];
  topSchools: RankedName[];
  weekly: {
    ordersReceived: { week: string; count: number }[];
    ordersFulfilled: { week: string; count: number }[];
    itemsByCategory: { week: string; category: string; quantity: number }[];
  };
}
