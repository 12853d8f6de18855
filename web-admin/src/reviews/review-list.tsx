import {
  Datagrid,
  List,
  NumberField,
  Pagination,
  SearchInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { LIMITS } from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { DateTimeField } from '../components/date-time-field';
import { formatDateTime } from '../lib/date-format';
import { useSmallScreen } from '../lib/use-small-screen';

interface ReviewRow {
  id: string;
  productName: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

const reviewFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search comment or name" />,
];

/** Reviews written by schools; an admin may remove one (the product's rating is recomputed). */
export function ReviewList() {
  const small = useSmallScreen();
  return (
    <List
      title="Reviews"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={reviewFilters}
    >
      {small ? (
        <SimpleList<ReviewRow>
          primaryText={(review) => `${review.productName}: ${review.rating} of 5`}
          secondaryText={(review) => review.comment}
          tertiaryText={(review) => `${review.name}, ${formatDateTime(review.createdAt)}`}
          rightIcon={() => (
            <ConfirmDeleteButton
              title="Delete Review"
              content="Are you sure you want to delete this review"
            />
          )}
          rowClick={false}
        />
      ) : (
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
      )}
    </List>
  );
}
