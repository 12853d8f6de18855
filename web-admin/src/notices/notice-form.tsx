/** Post or change a notice to schools (admins). */
import {
  Create,
  DateInput,
  DeleteButton,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
} from 'react-admin';
import { CircularProgress, Typography } from '@mui/material';
import { useCharityToday } from '../pickups/queries';

const LEVEL_CHOICES = [
  { id: 'info', name: 'Info' },
  { id: 'warning', name: 'Warning' },
];

function endNotBeforeStart(values: Record<string, unknown>) {
  const { startDate, endDate } = values as { startDate?: string; endDate?: string };
  return startDate && endDate && endDate < startDate
    ? { endDate: 'The end date cannot be before the start date' }
    : {};
}

function NoticeFields() {
  return (
    <>
      <TextInput
        source="text"
        label="Text"
        multiline
        minRows={2}
        fullWidth
        validate={[required(), maxLength(1000)]}
      />
      <DateInput source="startDate" label="Show from" validate={required()} />
      <DateInput source="endDate" label="Show until (included)" validate={required()} />
      <SelectInput source="level" label="Level" choices={LEVEL_CHOICES} validate={required()} />
      <Typography variant="body2" color="text.secondary">
        Schools see the notice on the store&apos;s home page on these days (the charity&apos;s time
        zone) until they dismiss it.
      </Typography>
    </>
  );
}

export function NoticeCreate() {
  // The charity's today, not the browser's or UTC's: schools see a notice from its start date as
  // the charity counts days, so a notice posted in the evening would otherwise start tomorrow.
  const today = useCharityToday();
  return (
    <Create title="Post a notice" redirect="list">
      {today ? (
        <SimpleForm
          defaultValues={{ level: 'info', startDate: today, endDate: today }}
          validate={endNotBeforeStart}
        >
          <NoticeFields />
        </SimpleForm>
      ) : (
        <CircularProgress size={24} sx={{ m: 2 }} aria-label="Loading" />
      )}
    </Create>
  );
}

export function NoticeEdit() {
  return (
    <Edit title="Edit notice" mutationMode="pessimistic" redirect="list">
      <SimpleForm
        validate={endNotBeforeStart}
        toolbar={
          <Toolbar sx={{ justifyContent: 'space-between' }}>
            <SaveButton />
            <DeleteButton mutationMode="pessimistic" />
          </Toolbar>
        }
      >
        <NoticeFields />
      </SimpleForm>
    </Edit>
  );
}
