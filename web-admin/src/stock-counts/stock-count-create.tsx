import { Create, SelectInput, SimpleForm, TextInput, required } from 'react-admin';
import { CATEGORIES } from '@lr/contracts';

const SCOPES = [
  { id: 'all', name: 'All products' },
  ...CATEGORIES.map((c) => ({ id: c, name: c })),
];

/** Start a count: a snapshot of the sizes of all products or one category. */
export function StockCountCreate() {
  return (
    <Create title="Start a count" redirect="show">
      <SimpleForm defaultValues={{ scope: 'all' }}>
        <SelectInput source="scope" label="Count" choices={SCOPES} validate={required()} />
        <TextInput source="note" label="Note" fullWidth />
      </SimpleForm>
    </Create>
  );
}
