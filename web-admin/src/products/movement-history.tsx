import { useState } from 'react';
import { Box, Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import {
  Datagrid,
  FunctionField,
  NumberField,
  Pagination,
  ReferenceManyField,
  SimpleList,
  TextField,
  useRecordContext,
} from 'react-admin';
import type { ConsoleProduct } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { formatDateTime } from '../lib/date-format';
import { useSmallScreen } from '../lib/use-small-screen';

interface Movement {
  id: string;
  createdAt: string;
  size: string;
  delta: number;
  reason: string;
  orderId?: string | null;
  actorName?: string | null;
}

/** Every stock change of the product's sizes, newest first; a chip narrows it to one size. */
export function MovementHistory() {
  const product = useRecordContext<ConsoleProduct>();
  const [size, setSize] = useState<string | null>(null);
  const sizes = (product?.ProductSize ?? []).map((s) => s.size);
  const small = useSmallScreen();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} role="group" aria-label="Size">
        <Chip
          label="All sizes"
          color={size === null ? 'primary' : 'default'}
          onClick={() => setSize(null)}
        />
        {sizes.map((name) => (
          <Chip
            key={name}
            label={name}
            color={size === name ? 'primary' : 'default'}
            onClick={() => setSize(name)}
          />
        ))}
      </Box>
      <ReferenceManyField
        reference="movements"
        target="productId"
        filter={size ? { size } : {}}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10]} />}
        queryOptions={{ refetchOnMount: 'always' }}
        empty={<span>No stock movements yet.</span>}
      >
        {small ? (
          <SimpleList<Movement>
            primaryText={(m) => `${m.delta > 0 ? '+' : ''}${m.delta} size ${m.size}, ${m.reason}`}
            secondaryText={(m) =>
              `${formatDateTime(m.createdAt)}${m.actorName ? `, ${m.actorName}` : ''}`
            }
            rowClick={(_id, _resource, m) => (m.orderId ? `/orders/${m.orderId}` : false)}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <DateTimeField source="createdAt" label="When" />
            <TextField source="size" label="Size" />
            <NumberField source="delta" label="Change" />
            <TextField source="reason" label="Reason" />
            <FunctionField<{ orderId?: string | null }>
              label="Order"
              render={(movement) =>
                movement.orderId ? (
                  <Link component={RouterLink} to={`/orders/${movement.orderId}`}>
                    View order
                  </Link>
                ) : (
                  '-'
                )
              }
            />
            <TextField source="actorName" label="By" emptyText="-" />
          </Datagrid>
        )}
      </ReferenceManyField>
    </>
  );
}
