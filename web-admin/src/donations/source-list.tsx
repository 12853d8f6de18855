import {
  Datagrid,
  EditButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { LIMITS, type DonationSourceDto } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { useSmallScreen } from '../lib/use-small-screen';
import { SOURCE_KIND_CHOICES } from './source-create-dialog';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name" />,
  <SelectInput key="kind" source="kind" label="Kind" choices={SOURCE_KIND_CHOICES} />,
];

/** Donation sources (admins): open one to rename it or change its kind. */
export function SourceList() {
  const small = useSmallScreen();
  return (
    <List
      title="Donation sources"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={filters}
      exporter={false}
    >
      {small ? (
        <SimpleList<DonationSourceDto>
          primaryText={(source) => source.name}
          secondaryText={(source) => source.kind}
          rowClick="edit"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="edit">
          <TextField source="name" label="Name" />
          <TextField source="kind" label="Kind" />
          <TextField source="contact" label="Contact" sortable={false} emptyText="-" />
          <DateTimeField source="createdAt" label="Added" sortable={false} />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}
