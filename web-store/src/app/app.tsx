import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { meQueryOptions } from '../lib/auth';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export function App() {
  const [client] = useState(() => {
    const queryClient = createQueryClient();
    // Load the current user on start.
    void queryClient.prefetchQuery(meQueryOptions);
    return queryClient;
  });
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
