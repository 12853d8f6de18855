import { Create, useNotify, useRedirect } from 'react-admin';
import { CircularProgress } from '@mui/material';
import { useCharityToday } from '../pickups/queries';
import { DonationForm } from './donation-form';

/** Receive donation: volunteers and admins. */
export function DonationCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  // Received today as the charity counts days (UTC's date is tomorrow's on its evenings).
  const today = useCharityToday();
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
      {today ? (
        <DonationForm defaultValues={{ receivedOn: today, lines: [{ quantity: 1 }] }} />
      ) : (
        <CircularProgress size={24} sx={{ m: 2 }} aria-label="Loading" />
      )}
    </Create>
  );
}
