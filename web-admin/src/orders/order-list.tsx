import PrintIcon from '@mui/icons-material/Print';
import {
  Button,
  Datagrid,
  DateInput,
  EditButton,
  FunctionField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useListContext,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LIMITS, type ConsoleOrder } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { ALL_STATUS_CHOICES } from '../lib/transitions';
import { StatusField } from './status-chip';

const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order ID, student or school" />,
  <SelectInput key="status" source="status" label="Status" choices={ALL_STATUS_CHOICES} />,
  <TextInput key="school" source="school" label="School" />,
  <DateInput key="from" source="from" label="From date" />,
  <DateInput key="to" source="to" label="To date" />,
];

function PrintPickListsButton() {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  return (
    <Button
      label="Print pick lists"
      onClick={() => void navigate(`/pick-lists?ids=${selectedIds.map(String).join(',')}`)}
    >
      <PrintIcon />
    </Button>
  );
}

/** All orders, newest first, 15 a page, for admins and volunteers. */
export function OrderList() {
  return (
    <List
      title="All Orders"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={orderFilters}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<PrintPickListsButton />}>
        <TextField source="orderId" label="Order ID" />
        <TextField source="user.name" label="School" sortable={false} />
        <TextField source="shippingInfo.receivingPersonName" label="Student" sortable={false} />
        <FunctionField<ConsoleOrder>
          label="Items"
          render={(order) => order.orderItems?.reduce((sum, item) => sum + item.quantity, 0) ?? 0}
        />
        <StatusField source="orderStatus" label="Status" />
        <DateTimeField source="createdAt" label="Order Date" />
        <DateTimeField source="deliveredAt" label="Delivered" />
        <EditButton label="Process" />
      </Datagrid>
    </List>
  );
}
