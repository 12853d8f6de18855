/**
 * The cart lives in localStorage (Cart item). Rules: adding the same
 * product, SubCategory and size replaces that line; removal deletes it; emptied after the order.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { storedValue } from './storage';

export const cartItemSchema = z.object({
  product: z.string(),
  name: z.string(),
  price: z.number().default(0),
  image: z.string().default(''),
  stock: z.number().int(),
  quantity: z.number().int().min(1),
  SubCategory: z.string(),
  ProductSize: z.string(),
  category: z.string().optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const cartStore = storedValue<CartItem[]>('cartItems', z.array(cartItemSchema), []);

export function sameLine(
  a: CartItem,
  b: Pick<CartItem, 'product' | 'SubCategory' | 'ProductSize'>,
) {
  return (
    a.product === b.product && a.SubCategory === b.SubCategory && a.ProductSize === b.ProductSize
  );
}

/** Pure rule: the new line replaces an existing line for the same product, SubCategory and size. */
export function addOrReplaceLine(items: readonly CartItem[], item: CartItem): CartItem[] {
  const index = items.findIndex((existing) => sameLine(existing, item));
  if (index === -1) return [...items, item];
  return items.map((existing, i) => (i === index ? item : existing));
}

export function removeLine(
  items: readonly CartItem[],
  line: Pick<CartItem, 'product' | 'SubCategory' | 'ProductSize'>,
): CartItem[] {
  return items.filter((existing) => !sameLine(existing, line));
}

export function getCartItems(): CartItem[] {
  return cartStore.get();
}

export function addToCart(item: CartItem): void {
  cartStore.set(addOrReplaceLine(cartStore.get(), item));
}

export function removeFromCart(line: Pick<CartItem, 'product' | 'SubCategory' | 'ProductSize'>) {
  cartStore.set(removeLine(cartStore.get(), line));
}

export function clearCart(): void {
  cartStore.clear();
}

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}
