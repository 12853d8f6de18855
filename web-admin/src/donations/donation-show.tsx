import {
  ArrayField,
  Datagrid,
  EditButton,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { DayField } from '../components/date-time-field';

function Actions() {
  const { permissions } = usePermissions<string>();
  if (permissions !== 'admin') return <TopToolbar />;
  return (
    <TopToolbar>
      <EditButton label="Correct" />
      <ConfirmDeleteButton
        title="Delete Donation"
        content="Delete this donation and take its stock back off the shelf?"
      />
    </TopToolbar>
  );
}

export function DonationShow() {
  return (
    <Show title="Donation" actions={<Actions />}>
      <SimpleShowLayout>
        <DayField source="receivedOn" label="Received on" />
        <TextField source="sourceName" label="Source" />
        <TextField source="sourceKind" label="Kind" />
        <TextField source="note" label="Note" emptyText="-" />
        <NumberField source="items" label="Items" />
        <TextField source="recordedBy" label="Recorded by" emptyText="-" />
        <ArrayField source="lines" label="Lines">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="productName" label="Product" />
            <TextField source="subCategory" label="Sizing" />
            <TextField source="size" label="Size" />
            <NumberField source="quantity" label="Quantity" />
          </Datagrid>
        </ArrayField>
      </SimpleShowLayout>
    </Show>
  );
}
