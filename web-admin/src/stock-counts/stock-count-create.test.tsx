import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  ResourceContextProvider,
  defaultI18nProvider,
  type DataProvider,
} from 'react-admin';
import { StockCountCreate } from './stock-count-create';

describe('Start a count', () => {
  it('saves with "All products" as chosen, without touching the form', async () => {
    const created: unknown[] = [];
    const provider = {
      create: async (_resource: string, params: { data: unknown }) => {
        created.push(params.data);
        return { data: { id: 'c1', sizes: 12 } };
      },
    } as unknown as DataProvider;
    render(
      <MemoryRouter initialEntries={['/stock-counts/create']}>
        <AdminContext dataProvider={provider} i18nProvider={defaultI18nProvider}>
          <ResourceContextProvider value="stock-counts">
            <Routes>
              <Route path="/stock-counts/create" element={<StockCountCreate />} />
              <Route path="/stock-counts/:id/show" element={<p>count shown</p>} />
            </Routes>
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('combobox', { name: /Count/ })).toHaveTextContent(
      'All products',
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ scope: 'all' })]));
    expect(await screen.findByText('count shown')).toBeInTheDocument();
  });
});
