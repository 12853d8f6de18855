import { Edit } from 'react-admin';
import { DonationForm } from './donation-form';

/** A correction (admins): the differences are written as donation-correction movements. */
export function DonationEdit() {
  return (
    <Edit title="Correct donation" mutationMode="pessimistic" redirect="show">
      <DonationForm />
    </Edit>
  );
}
