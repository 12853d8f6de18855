import { UI_MESSAGES } from '@lr/contracts';
import { addToCart, type CartItem } from '../../../lib/cart';
import { useToast } from '../../../components/toast';

/**
 * Adds (or replaces) a cart line, refusing a size with no stock with 'Item Not Available'
 *. Returns whether the line went in.
 */
export function useAddToCart() {
  const toast = useToast();
  return (line: CartItem): boolean => {
    if (line.stock < 1) {
      toast.error(UI_MESSAGES.itemNotAvailable);
      return false;
    }
    addToCart(line);
    toast.success(UI_MESSAGES.itemAdded);
    return true;
  };
}
