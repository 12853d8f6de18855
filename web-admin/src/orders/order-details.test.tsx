import { fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import type { ConsoleOrder } from '@lr/contracts';
import { OrderDetails, describeConsent } from './order-details';

const order = {
  id: 'o1',
  orderId: 'LR-000042',
  user: { _id: 'u1', name: 'Hillside Primary' },
  shippingInfo: {
    receivingPersonName: 'S42_9_Female',
    userLoggedInDesignation: 'Ms Lee',
    phoneNo: '',
    Email: '',
  },
  orderItems: [],
  orderStatus: 'Processing',
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: null,
  contactDetails: 'withheld',
  sharingConsent: 'given',
  sharingConsentAt: '2026-11-20T10:00:00.000Z',
} as unknown as ConsoleOrder;

function renderWith(record: ConsoleOrder, getOrderContact: (id: string) => Promise<unknown>) {
  const provider = { getOrderContact } as unknown as DataProvider;
  return render(
    <AdminContext dataProvider={provider}>
      <OrderDetails order={record} />
    </AdminContext>,
  );
}

describe('OrderDetails', () => {
  it("gives a volunteer the teacher's contact only after saying why, from the contact call", async () => {
    const asked: string[] = [];
    renderWith(order, async (id) => {
      asked.push(id);
      return { id, orderId: 'LR-000042', phoneNo: '555-0101', Email: 'lee@hillside.example' };
    });
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show contact details' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Show the teacher's phone and e-mail?",
    });
    expect(dialog).toHaveTextContent('recorded in the access log');
    expect(asked).toEqual([]);
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Show contact details' }).at(-1) as HTMLElement,
    );
    expect(await screen.findByText(/Phone: 555-0101/)).toBeInTheDocument();
    expect(screen.getByText(/Email: lee@hillside.example/)).toBeInTheDocument();
    expect(asked).toEqual(['o1']);
  });

  it('shows the phone and e-mail at once when the order carries them (admins)', () => {
    renderWith(
      {
        ...order,
        contactDetails: 'shown',
        shippingInfo: { ...order.shippingInfo, phoneNo: '555-0199', Email: 'a@b.example' },
      },
      async () => {
        throw new Error('not asked');
      },
    );
    expect(screen.getByText('555-0199')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show contact details' })).not.toBeInTheDocument();
  });

  it('says whether the school gave its consent at checkout', () => {
    expect(describeConsent(order)).toMatch(/^Given at checkout, /);
    expect(describeConsent({ sharingConsent: 'not-asked', sharingConsentAt: null })).toBe(
      'Not asked (placed without the consent question)',
    );
  });
});
