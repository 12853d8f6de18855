import { Create, useNotify, useRedirect } from 'react-admin';
import { DonationForm } from './donation-form';

const today = () => new Date().toISOString().slice(0, 10);

/** Receive donation: volunteers and admins. */
export function DonationCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Receive donation"
      mutationOptions={{
        onSuccess: (donation: { id: string; items: number }) => {
          notify(`Donation recorded: ${donation.items} items added to stock`, { type: 'success' });
          redirect('show', 'donations', donation.id);
        },
      }}
    >
      <DonationForm defaultValues={{ receivedOn: today(), lines: [{ quantity: 1 }] }} />
    </Create>
  );
}
