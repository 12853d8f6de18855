import { Box, Divider, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  DateInput,
  Edit,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  Toolbar,
  maxValue,
  minValue,
  required,
} from 'react-admin';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((name, i) => ({ id: i + 1, name }));

const MODE_CHOICES = [
  { id: 'warn', name: 'Warn: the school gives a reason and may go on' },
  { id: 'block', name: 'Block: the request is refused' },
];

/** One part of the page; other settings (pickup slots) get a section of their own. */
function Section({ title, help, first }: { title: string; help: string; first?: boolean }) {
  return (
    <Box sx={{ width: '100%', mt: first ? 0 : 2 }}>
      {first ? null : <Divider sx={{ mb: 2 }} />}
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
    </Box>
  );
}

function SettingsToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** The charity's settings (admins): the one record `settings` of /api/console/settings. */
export function SettingsEdit() {
  return (
    <Edit title="Settings" mutationMode="pessimistic" redirect={false} actions={false}>
      <SimpleForm toolbar={<SettingsToolbar />} sx={{ maxWidth: 720 }}>
        <Section
          first
          title="Requests per student"
          help="How many requests one student (school and student id) may receive each school year. 0 means no limit."
        />
        <NumberInput
          source="studentRequestLimit"
          label="Student request limit"
          validate={[required(), minValue(0), maxValue(50)]}
          min={0}
          max={50}
        />
        <RadioButtonGroupInput
          source="studentLimitMode"
          label="At the limit"
          choices={MODE_CHOICES}
          row={false}
          validate={required()}
        />
        <Section
          title="School year"
          help="Requests are counted from the start of this day each year, in the charity's time zone."
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <SelectInput
            source="schoolYearStartMonth"
            label="Starts in month"
            choices={MONTHS}
            validate={required()}
          />
          <NumberInput
            source="schoolYearStartDay"
            label="On day"
            validate={[required(), minValue(1), maxValue(31)]}
            min={1}
            max={31}
          />
        </Box>
        <Section title="Closed dates" help="Days the charity is closed (no pickups)." />
        <ArrayInput source="closedDates" label="">
          <SimpleFormIterator inline disableReordering>
            <DateInput source="" label="Closed on" validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
        <Section title="Public pages" help="What visitors of the store see without logging in." />
        <BooleanInput source="mostNeededPublic" label="Show the public most-needed list" />
      </SimpleForm>
    </Edit>
  );
}
