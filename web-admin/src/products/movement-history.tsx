import {
  Datagrid,
  NumberField,
  Pagination,
  ReferenceManyField,
  TextField,
} from 'react-admin';
import { DateTimeField } from '../components/date-time-field';

/** Every stock change of the product's sizes, newest first, from the stock movement ledger. */
export function MovementHistory() {
  return (
    <ReferenceManyField
      reference="movements"
      target="productId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10]} />}
      empty={<span>No stock movements yet.</span>}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateTimeField source="createdAt" label="When" />
        <TextField source="size" label="Size" />
        <NumberField source="delta" label="Change" />
        <TextField source="reason" label="Reason" />
        <TextField source="orderId" label="Order" emptyText="-" />
        <TextField source="actorName" label="By" emptyText="-" />
      </Datagrid>
    </ReferenceManyField>
  );
}
