import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  CreateButton,
  Datagrid,
  DateField,
  DateInput,
  List,
  NumberField,
  ReferenceInput,
  AutocompleteInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { CONSOLE_API } from '../dataProvider';
import { SOURCE_KIND_CHOICES } from './donation-form';

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

export function DonationList() {
  return (
    <List
      title="Donations"
      sort={{ field: 'receivedOn', order: 'DESC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <CreateButton label="Receive donation" />
          <ExportCsvButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateField source="receivedOn" label="Received on" />
        <TextField source="sourceName" label="Source" sortBy="sourceName" />
        <TextField source="sourceKind" label="Kind" sortable={false} />
        <NumberField source="items" label="Items" />
        <TextField source="note" label="Note" sortable={false} />
        <TextField source="recordedBy" label="Recorded by" sortable={false} />
      </Datagrid>
    </List>
  );
}
