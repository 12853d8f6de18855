import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** react-admin's own `products` keys: the product's record and lists load again after a change. */
export const productKeys = {
  all: ['products'] as const,
};

/** Removes one image of a product at once (new ones are uploaded with Save). */
export function useDeleteProductImage(productId: string) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => dataProvider.deleteProductImage(productId, imageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
