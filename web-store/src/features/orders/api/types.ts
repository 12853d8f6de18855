import type { OrderStatus } from '@lr/contracts';

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

export interface Order {
  _id: string;
  orderId: string;
  user: { _id: string; name: string };
  shippingInfo: {
    userName: string;
    receivingPersonName: string;
    additionalComments?: string;
    userLoggedInDesignation?: string;
    userAddress: string;
    orderDate?: string;
    phoneNo?: string;
    Email: string;
  };
  orderItems: OrderItem[];
  itemsPrice: number;
  taxPrice: number;
  shippingPrice: number;
  totalPrice: number;
  orderStatus: OrderStatus;
  createdAt: string;
  deliveredAt?: string | null;
}
