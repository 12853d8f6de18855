/** Add or change a weekly pickup slot (admins). Orders already given a time keep it. */
import {
  Create,
  Edit,
  NumberInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  DeleteButton,
  maxValue,
  minValue,
  regex,
  required,
} from 'react-admin';
import { Typography } from '@mui/material';
import { weekdayName } from '@lr/contracts';

const WEEKDAY_CHOICES = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: weekdayName(id) }));
const time = regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day HH:MM, e.g. 14:00');

function SlotFields() {
  return (
    <>
      <SelectInput
        source="weekday"
        label="Weekday"
        choices={WEEKDAY_CHOICES}
        validate={required()}
      />
      <TextInput source="start" label="Start (HH:MM)" validate={[required(), time]} />
      <TextInput source="end" label="End (HH:MM)" validate={[required(), time]} />
      <NumberInput
        source="capacity"
        label="Orders per date"
        validate={[required(), minValue(1), maxValue(1000)]}
      />
      <Typography variant="body2" color="text.secondary">
        Times are the charity&apos;s local time. Closed dates (Settings) have no pickups. Orders
        already given a time keep it when a slot changes or is removed.
      </Typography>
    </>
  );
}

export function PickupSlotCreate() {
  return (
    <Create title="Add pickup slot" redirect="list">
      <SimpleForm defaultValues={{ capacity: 20 }}>
        <SlotFields />
      </SimpleForm>
    </Create>
  );
}

export function PickupSlotEdit() {
  return (
    <Edit title="Edit pickup slot" mutationMode="pessimistic" redirect="list">
      <SimpleForm
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <DeleteButton mutationMode="pessimistic" />
          </Toolbar>
        }
      >
        <SlotFields />
      </SimpleForm>
    </Edit>
  );
}
