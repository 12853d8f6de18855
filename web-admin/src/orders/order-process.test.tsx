import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  Notification,
  ResourceContextProvider,
  type DataProvider,
} from 'react-admin';
import { UI_MESSAGES } from '@lr/contracts';
import { OrderProcess } from './order-process';

/**
 * A small in-memory console API: one order with two lines, each carrying its size's current stock as
 * the gateway's order read does. Any other read (products: volunteers are refused them) is recorded.
 */
function makeDataProvider(orderStatus = 'Processing') {
  const order = {
    id: 'o1',
    orderId: 'LR-000007',
    user: { _id: 'u1', name: 'Hillside Primary' },
    shippingInfo: { receivingPersonName: 'S123_9_Female', userLoggedInDesignation: 'Ms Lee' },
    orderItems: [
      {
        _id: 'l1',
        product: 'p1',
        name: 'School shoes',
        SubCategory: "Girl's sizing",
        ProductSize: '3',
        quantity: 2,
        stock: 4,
      },
      {
        _id: 'l2',
        product: 'p2',
        name: 'Jumper',
        SubCategory: 'Unisex youth sizing',
        ProductSize: 'M',
        quantity: 1,
        stock: 1,
      },
    ],
    orderStatus,
    createdAt: '2026-11-20T10:00:00.000Z',
    deliveredAt: null,
  };
  const updates: unknown[] = [];
  const otherReads: string[] = [];
  const provider = {
    getOne: async () => ({ data: order }),
    getMany: async (resource: string) => {
      otherReads.push(resource);
      return { data: [] };
    },
    getList: async (resource: string) => {
      otherReads.push(resource);
      return { data: [], total: 0 };
    },
    update: async (_resource: string, params: { data: { status: string } }) => {
      updates.push(params.data);
      // The gateway answers the order as changed, with catalog's decision on its stock.
      return {
        data: {
          ...order,
          orderStatus: params.data.status,
          stock: { outcome: 'committed', version: 2 },
        },
      };
    },
    getOrderHistory: async () => [
      {
        at: '2026-11-20T10:00:00.000Z',
        by: 'Ms Lee',
        from: null,
        to: 'Processing',
        quantities: [2, 1],
        reason: 'placed',
      },
    ],
  } as unknown as DataProvider;
  return { provider, updates, otherReads };
}

function renderPage(provider: DataProvider) {
  return render(
    <MemoryRouter initialEntries={['/orders/o1']}>
      <AdminContext dataProvider={provider}>
        <ResourceContextProvider value="orders">
          <Routes>
            <Route path="/orders/:id" element={<OrderProcess />} />
          </Routes>
        </ResourceContextProvider>
        {/* The console's toasts, so a message shown twice would be seen twice here too. */}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

async function chooseStatus(status: string) {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: status }));
}

describe('Process Order', () => {
  it('shows the resulting inventory beside each line and keeps Process disabled until a choice', async () => {
    const { provider, otherReads } = makeDataProvider();
    renderPage(provider);
    await screen.findByText('Process Order LR-000007', { selector: '.MuiCardHeader-title' });
    await waitFor(() =>
      expect(screen.getAllByTestId('resulting-inventory').map((c) => c.textContent)).toEqual([
        '2',
        '0',
      ]),
    );
    const process = screen.getByRole('button', { name: 'Process' });
    expect(process).toBeDisabled();
    await chooseStatus('Ready for Pickup');
    expect(process).toBeEnabled();
    // The stock comes with the order: no products read, which a volunteer would be refused.
    expect(otherReads).toEqual([]);
  });

  it('offers the transitions of the current status under New status, Packing included', async () => {
    const { provider } = makeDataProvider('Printed');
    renderPage(provider);
    await screen.findByText('Process Order LR-000007', { selector: '.MuiCardHeader-title' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'New status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Packing',
      'Ready for Pickup',
      'Delivered',
      'Processing',
    ]);
  });

  it('refuses before sending when a line would drive stock below zero', async () => {
    const { provider, updates } = makeDataProvider();
    renderPage(provider);
    const jumper = await screen.findByLabelText('Quantity of Jumper M');
    await waitFor(() =>
      expect(screen.getAllByTestId('resulting-inventory')[1]).toHaveTextContent('0'),
    );
    fireEvent.change(jumper, { target: { value: '3' } });
    expect(screen.getAllByTestId('resulting-inventory')[1]).toHaveTextContent('-2');
    await chooseStatus('Ready for Pickup');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(
      await screen.findByText('Error: Inventory cannot drop below zero for one or more items!', {
        selector: '.MuiAlert-message',
      }),
    ).toBeInTheDocument();
    // Shown once: the alert, not a toast repeating it.
    expect(
      screen.getAllByText('Error: Inventory cannot drop below zero for one or more items!'),
    ).toHaveLength(1);
    expect(updates).toEqual([]);
  });

  it('sends the chosen status with the edited quantities', async () => {
    const { provider, updates } = makeDataProvider();
    renderPage(provider);
    const shoes = await screen.findByLabelText('Quantity of School shoes 3');
    fireEvent.change(shoes, { target: { value: '1' } });
    await chooseStatus('Printed');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'Printed', newQuantity: [1, 1] }]));
  });

  it('shows the short lines when the catalog refuses a commit, the order back in Processing', async () => {
    const { provider } = makeDataProvider();
    const refusing = {
      ...provider,
      update: async () => ({
        data: {
          ...(await provider.getOne('orders', { id: 'o1' })).data,
          orderStatus: 'Processing',
          version: 3,
          stock: {
            outcome: 'refused',
            version: 2,
            shortLines: [
              { productId: 'p2', size: 'M', name: 'Jumper', requested: 1, available: 0 },
            ],
          },
        },
      }),
    } as unknown as DataProvider;
    renderPage(refusing);
    await screen.findByText('Process Order LR-000007', { selector: '.MuiCardHeader-title' });
    await chooseStatus('Printed');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    const refusal = await screen.findByTestId('stock-refused');
    expect(refusal).toHaveTextContent('Not enough stock: the order is back in Processing');
    expect(refusal).toHaveTextContent('Jumper (size M): 1 given, 0 in stock');
    // Not also told it was saved.
    expect(screen.queryByText(UI_MESSAGES.orderUpdated)).not.toBeInTheDocument();
  });

  it('waits for a pending decision without reloading, then shows it', async () => {
    const { provider } = makeDataProvider();
    let decide: (outcome: unknown) => void = () => undefined;
    const asked: number[] = [];
    const pending = {
      ...provider,
      update: async () => ({
        data: {
          ...(await provider.getOne('orders', { id: 'o1' })).data,
          orderStatus: 'Printed',
          version: 2,
          stock: { outcome: 'pending', version: 2 },
        },
      }),
      // The server waits for the decision; here the test decides when it comes.
      getStockOutcome: (_id: string, version: number) => {
        asked.push(version);
        return new Promise((resolve) => {
          decide = resolve;
        });
      },
    } as unknown as DataProvider;
    renderPage(pending);
    await screen.findByText('Process Order LR-000007', { selector: '.MuiCardHeader-title' });
    await chooseStatus('Printed');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    expect(await screen.findByTestId('stock-pending')).toHaveTextContent(
      'Waiting for the catalog to take the stock',
    );
    await waitFor(() => expect(asked).toEqual([2]));
    decide({ outcome: 'committed', version: 2 });
    expect(await screen.findByText(UI_MESSAGES.orderUpdated)).toBeInTheDocument();
    expect(screen.queryByTestId('stock-pending')).not.toBeInTheDocument();
  });

  it('asks before marking Delivered an order that gives nothing, and sends only on Mark Delivered', async () => {
    const { provider, updates } = makeDataProvider();
    renderPage(provider);
    fireEvent.change(await screen.findByLabelText('Quantity of School shoes 3'), {
      target: { value: '0' },
    });
    fireEvent.change(screen.getByLabelText('Quantity of Jumper M'), { target: { value: '0' } });
    await chooseStatus('Delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nothing is given' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(updates).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Nothing is given' })).getByRole('button', {
        name: 'Mark Delivered',
      }),
    );
    await waitFor(() => expect(updates).toEqual([{ status: 'Delivered', newQuantity: [0, 0] }]));
  });

  it('marks Delivered without asking when something is given', async () => {
    const { provider, updates } = makeDataProvider();
    renderPage(provider);
    await screen.findByLabelText('Quantity of School shoes 3');
    await chooseStatus('Delivered');
    fireEvent.click(screen.getByRole('button', { name: 'Process' }));
    await waitFor(() => expect(updates).toEqual([{ status: 'Delivered', newQuantity: [2, 1] }]));
    expect(screen.queryByRole('dialog', { name: 'Nothing is given' })).toBeNull();
  });

  it('shows no quantity inputs once the order holds stock', async () => {
    const { provider } = makeDataProvider('Delivered');
    renderPage(provider);
    await screen.findByText('Process Order LR-000007', { selector: '.MuiCardHeader-title' });
    expect(screen.queryByLabelText(/Quantity of/)).toBeNull();
    expect(screen.queryAllByTestId('resulting-inventory')).toHaveLength(0);
  });
});
