import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  CreateButton,
  Datagrid,
  DateInput,
  List,
  NumberField,
  Pagination,
  ReferenceInput,
  AutocompleteInput,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { LIMITS, type DonationDto } from '@lr/contracts';
import { DayField } from '../components/date-time-field';
import { CONSOLE_API } from '../dataProvider';
import { formatDay } from '../lib/date-format';
import { useSmallScreen } from '../lib/use-small-screen';
import { SOURCE_KIND_CHOICES } from './source-create-dialog';

const filters = [
  <DateInput key="from" source="from" label="Received from" alwaysOn />,
  <DateInput key="to" source="to" label="Received to" alwaysOn />,
  <ReferenceInput key="sourceId" source="sourceId" reference="donation-sources" alwaysOn>
    <AutocompleteInput label="Source" optionText="name" filterToQuery={(q: string) => ({ q })} />
  </ReferenceInput>,
  <SelectInput key="kind" source="kind" label="Kind" choices={SOURCE_KIND_CHOICES} />,
];

/** The server's CSV (one row per line) for the current filters. */
function ExportCsvButton() {
  const { filterValues } = useListContext();
  const href = `${CONSOLE_API}/donations.csv?filter=${encodeURIComponent(JSON.stringify(filterValues))}`;
  return (
    <Button label="Export CSV" onClick={() => window.location.assign(href)}>
      <DownloadIcon />
    </Button>
  );
}

/** Donations, newest received first, 15 a page like the other tables. */
export function DonationList() {
  const small = useSmallScreen();
  return (
    <List
      title="Donations"
      sort={{ field: 'receivedOn', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="Receive donation" />
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
    >
      {small ? (
        <SimpleList<DonationDto>
          primaryText={(donation) => `${donation.sourceName} (${donation.sourceKind})`}
          secondaryText={(donation) => `${donation.items} items`}
          tertiaryText={(donation) => formatDay(donation.receivedOn)}
          rowClick="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DayField source="receivedOn" label="Received on" />
          <TextField source="sourceName" label="Source" sortBy="sourceName" />
          <TextField source="sourceKind" label="Kind" sortable={false} />
          <NumberField source="items" label="Items" />
          <TextField source="note" label="Note" sortable={false} />
          <TextField source="recordedBy" label="Recorded by" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
