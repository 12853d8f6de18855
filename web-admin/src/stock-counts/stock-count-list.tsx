import { Datagrid, List, NumberField, SelectInput, TextField } from 'react-admin';
import { DateTimeField } from '../components/date-time-field';

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
  return (
    <List
      title="Stock counts"
      sort={{ field: 'startedAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
    >
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
    </List>
  );
}
