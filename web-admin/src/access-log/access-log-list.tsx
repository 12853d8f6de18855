import DownloadIcon from '@mui/icons-material/Download';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  Button,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { LIMITS, type AccessLogEntry, type StudentDataAction } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { describeList } from '../lib/describe-list';
import { formatDateTime } from '../lib/date-format';
import { CONSOLE_API } from '../dataProvider';

/** What each action of the log means, in the console's words. */
export const ACTION_LABELS: Record<StudentDataAction, string> = {
  'order-list': 'Order list',
  'order-detail': 'Opened an order',
  'pick-lists': 'Pick lists',
  'contact-details': 'Contact details',
  'order-update': 'Processed an order',
  'order-delete': 'Deleted an order',
  erase: 'Erased',
  export: 'Exported',
};

const ACTION_CHOICES = Object.entries(ACTION_LABELS).map(([id, name]) => ({ id, name }));

const filters = [
  <TextInput key="person" source="person" label="Person (login id)" alwaysOn />,
  <TextInput key="order" source="order" label="Order ID" alwaysOn />,
  <ReferenceInput key="schoolId" source="schoolId" reference="users" filter={{ role: 'user' }}>
    <AutocompleteInput label="School" optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <SelectInput key="action" source="action" label="Action" choices={ACTION_CHOICES} />,
  <DateInput key="from" source="from" label="From date" />,
  <DateInput key="to" source="to" label="To date" />,
];

/** The server's CSV of the log for the current filters. */
function ExportCsvButton() {
  const { filterValues } = useListContext();
  const href = `${CONSOLE_API}/access-log.csv?filter=${encodeURIComponent(JSON.stringify(filterValues))}`;
  return (
    <Button label="Export CSV" onClick={() => window.location.assign(href)}>
      <DownloadIcon />
    </Button>
  );
}

/**
 * Access log (admins): every time a volunteer or an admin was shown student details, newest first.
 * The log names people and orders, never a student.
 */
export function AccessLogList() {
  // A phone gets one row per read in words; the table needs the width of a desk screen.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Access log"
      sort={{ field: 'at', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={filters}
      actions={
        <TopToolbar>
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
        Who was shown student details, when, doing what, and from which address. Rows older than the
        retention the server is configured with are deleted.
      </Typography>
      {narrow ? (
        <SimpleList<AccessLogEntry>
          linkType={false}
          primaryText={(entry) =>
            `${entry.actorLoginId}: ${ACTION_LABELS[entry.action] ?? entry.action}`
          }
          secondaryText={(entry) =>
            `${describeList(entry.orderNumbers, entry.orderCount, entry.scope)} (${describeList(entry.schoolNames, entry.schoolCount, null)})`
          }
          tertiaryText={(entry) =>
            `${formatDateTime(entry.at)}, ${entry.clientAddress ?? 'address unknown'}`
          }
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateTimeField source="at" label="When" sortable={false} />
          <TextField source="actorLoginId" label="Person" sortable={false} />
          <TextField source="actorRole" label="Role" sortable={false} />
          <FunctionField<AccessLogEntry>
            label="Action"
            render={(entry) => ACTION_LABELS[entry.action] ?? entry.action}
          />
          <FunctionField<AccessLogEntry>
            label="Orders"
            render={(entry) => describeList(entry.orderNumbers, entry.orderCount, entry.scope)}
          />
          <FunctionField<AccessLogEntry>
            label="Schools"
            render={(entry) => describeList(entry.schoolNames, entry.schoolCount, null)}
          />
          <TextField source="clientAddress" label="Client address" sortable={false} emptyText="-" />
        </Datagrid>
      )}
    </List>
  );
}
