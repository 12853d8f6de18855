import { useMutation } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** Sets a new code for a user; the answer holds it, shown once (nothing cached changes). */
export function useSetUserCode() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useMutation({ mutationFn: (userId: string) => dataProvider.setNewCode(userId) });
}
