import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, type DataProvider } from 'react-admin';
import { PickListsPage, missingOrdersMessage } from './pick-lists-page';

const kept = {
  id: 'o1',
  orderId: 'LR-000007',
  user: { _id: 'u1', name: 'Hillside Primary' },
  shippingInfo: { receivingPersonName: 'S123_9_Female', userLoggedInDesignation: 'Ms Lee' },
  orderItems: [
    {
      _id: 'l1',
      product: 'p1',
      name: 'Jumper',
      SubCategory: 'One size',
      ProductSize: 'M',
      quantity: 1,
    },
  ],
  orderStatus: 'Processing',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderWith(ids: string) {
  // Like the gateway, getMany answers only the orders that still exist.
  const provider = {
    getMany: async (_resource: string, params: { ids: string[] }) => ({
      data: params.ids.includes('o1') ? [kept] : [],
    }),
  } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={[`/pick-lists?ids=${ids}`]}>
      <AdminContext dataProvider={provider}>
        <Routes>
          <Route path="/pick-lists" element={<PickListsPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('Pick lists of orders deleted since they were chosen', () => {
  it('prints the orders that remain and says which part is gone', async () => {
    renderWith('o1,gone1,gone2');
    expect(
      await screen.findByText(
        '2 of the 3 chosen orders have been deleted since they were chosen; their pick lists are not shown.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/LR-000007/).length).toBeGreaterThan(0);
  });

  it('says so plainly when every chosen order is gone', async () => {
    renderWith('gone1');
    expect(
      await screen.findByText(
        'The chosen order has been deleted since it was chosen: there is no pick list to print.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing when every order is there', () => {
    expect(missingOrdersMessage(2, 0)).toBeNull();
    expect(missingOrdersMessage(1, 1)).toMatch(/^The chosen order has been deleted/);
  });
});
