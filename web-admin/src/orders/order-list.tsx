import PrintIcon from '@mui/icons-material/Print';
import { Box } from '@mui/material';
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
  SimpleList,
  TextField,
  TextInput,
  useListContext,
  useUnselectAll,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { LIMITS, type ConsoleOrder } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { formatDateTime } from '../lib/date-format';
import { studentSummary } from '../lib/order-parts';
import { useSmallScreen } from '../lib/use-small-screen';
import { ALL_STATUS_CHOICES } from '../lib/transitions';
import { StatusChip, StatusField } from './status-chip';
import { OrderFlagChips } from './order-flags';

const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order ID, student or school" />,
  <SelectInput key="status" source="status" label="Status" choices={ALL_STATUS_CHOICES} />,
  <TextInput key="school" source="school" label="School" />,
  <DateInput key="from" source="from" label="From date" />,
  <DateInput key="to" source="to" label="To date" />,
];

function PrintPickListsButton() {
  const { selectedIds } = useListContext();
  const unselectAll = useUnselectAll('orders');
  const navigate = useNavigate();
  return (
    <Button
      label="Print pick lists"
      onClick={() => {
        const ids = selectedIds.map(String).join(',');
        // The ticks have done their job: back on the list, the toolbar (filters, export) shows again.
        unselectAll();
        void navigate(`/pick-lists?ids=${ids}`);
      }}
    >
      <PrintIcon />
    </Button>
  );
}

function itemCount(order: ConsoleOrder): number {
  return order.orderItems?.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

/** On a phone: one row per order, its number and status first, a tap opens Process Order. */
function OrderSimpleList() {
  return (
    <SimpleList<ConsoleOrder>
      primaryText={(order) => (
        <Box
          component="span"
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Box component="span" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
            {order.orderId}
          </Box>
          <StatusChip status={order.orderStatus} />
          <OrderFlagChips flags={order.flags} />
        </Box>
      )}
      secondaryText={(order) => `${order.user?.name ?? ''} - ${itemCount(order)} items`}
      tertiaryText={(order) => formatDateTime(order.createdAt)}
      rowClick="edit"
    />
  );
}

/** All orders, newest first, 15 a page, for admins and volunteers. */
export function OrderList() {
  const small = useSmallScreen();
  return (
    <List
      title="All Orders"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={orderFilters}
    >
      {small ? (
        <OrderSimpleList />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={<PrintPickListsButton />}>
          <TextField source="orderId" label="Order ID" sx={{ whiteSpace: 'nowrap' }} />
          <TextField source="user.name" label="School" sortable={false} />
          <FunctionField<ConsoleOrder>
            label="Student"
            sortable={false}
            render={(order) => studentSummary(order.shippingInfo?.receivingPersonName)}
          />
          <FunctionField<ConsoleOrder> label="Items" render={itemCount} />
          <StatusField source="orderStatus" label="Status" />
          <FunctionField<ConsoleOrder>
            label="Flags"
            sortable={false}
            render={(order) => <OrderFlagChips flags={order.flags} />}
          />
          <DateTimeField source="createdAt" label="Order Date" />
          <DateTimeField source="deliveredAt" label="Delivered" />
          <EditButton label="Process" />
        </Datagrid>
      )}
    </List>
  );
}
