import {
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
} from 'react-admin';
import { Typography } from '@mui/material';
import { SOURCE_KIND_CHOICES } from './source-create-dialog';

/** Rename a donation source or change its kind (admins). */
export function SourceEdit() {
  return (
    <Edit title="Edit donation source" mutationMode="pessimistic">
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <SelectInput
          source="kind"
          label="Kind"
          choices={SOURCE_KIND_CHOICES}
          validate={required()}
        />
        <TextInput source="contact" label="Contact" fullWidth />
        <Typography variant="body2" color="text.secondary">
          Donations show the source as it is now. The report counts a donation already recorded
          under the kind it had then; correct the donation to count it under the new kind.
        </Typography>
      </SimpleForm>
    </Edit>
  );
}
