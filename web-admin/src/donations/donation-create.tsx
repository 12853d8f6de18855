import { Create } from 'react-admin';
import { DonationForm } from './donation-form';

const today = () => new Date().toISOString().slice(0, 10);

/** Receive donation: volunteers and admins. */
export function DonationCreate() {
  return (
    <Create title="Receive donation" redirect="show">
      <DonationForm defaultValues={{ receivedOn: today(), lines: [{ quantity: 1 }] }} />
    </Create>
  );
}
