import { Datagrid, List, NumberField, Pagination, SearchInput, TextField } from 'react-admin';
import { LIMITS } from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { DateTimeField } from '../components/date-time-field';

const reviewFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search comment or name" />,
];

/** Reviews written by schools; an admin may remove one (the product's rating is recomputed). */
export function ReviewList() {
  return (
    <List
      title="Reviews"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={reviewFilters}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="productName" label="Product" />
        <TextField source="name" label="By" />
        <NumberField source="rating" label="Rating" />
        <TextField source="comment" label="Comment" />
        <DateTimeField source="createdAt" label="Date" />
        <ConfirmDeleteButton
          title="Delete Review"
          content="Are you sure you want to delete this review"
        />
      </Datagrid>
    </List>
  );
}
