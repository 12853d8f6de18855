import { Datagrid, List, NumberField, SelectInput, SimpleList, TextField } from 'react-admin';
import type { StockCountDto } from '@lr/contracts';
import { DateTimeField } from '../components/date-time-field';
import { formatDateTime } from '../lib/date-format';
import { useSmallScreen } from '../lib/use-small-screen';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={[
      { id: 'open', name: 'open' },
      { id: 'finalised', name: 'finalised' },
    ]}
  />,
];

export function StockCountList() {
  const small = useSmallScreen();
  return (
    <List
      title="Stock counts"
      sort={{ field: 'startedAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
    >
      {small ? (
        <SimpleList<StockCountDto>
          primaryText={(count) => `${count.scope} - ${count.status}`}
          secondaryText={(count) => `${count.countedSizes} of ${count.sizes} sizes counted`}
          tertiaryText={(count) => formatDateTime(count.startedAt)}
          rowClick="show"
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show">
          <DateTimeField source="startedAt" label="Started" />
          <TextField source="scope" label="Scope" />
          <TextField source="status" label="Status" />
          <NumberField source="countedSizes" label="Counted" sortable={false} />
          <NumberField source="sizes" label="Sizes" sortable={false} />
          <NumberField source="netAdjustment" label="Net" sortable={false} />
          <NumberField source="absoluteAdjustment" label="Absolute" sortable={false} />
          <TextField source="startedBy" label="Started by" sortable={false} emptyText="-" />
        </Datagrid>
      )}
    </List>
  );
}
