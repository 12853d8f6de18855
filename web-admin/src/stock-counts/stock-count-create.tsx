import {
  Create,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { CATEGORIES } from '@lr/contracts';

const SCOPES = [
  { id: 'all', name: 'All products' },
  ...CATEGORIES.map((c) => ({ id: c, name: c })),
];

/** Start a count: a snapshot of the sizes of all products or one category. */
export function StockCountCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Start a count"
      mutationOptions={{
        onSuccess: (count: { id: string; sizes: number }) => {
          notify(`Count started: ${count.sizes} sizes on the sheet`, { type: 'success' });
          redirect('show', 'stock-counts', count.id);
        },
      }}
    >
      {/* "All products" is chosen from the start: Save works without touching the form. */}
      <SimpleForm
        defaultValues={{ scope: 'all' }}
        toolbar={
          <Toolbar>
            <SaveButton alwaysEnable />
          </Toolbar>
        }
      >
        <SelectInput source="scope" label="Count" choices={SCOPES} validate={required()} />
        <TextInput source="note" label="Note" fullWidth />
      </SimpleForm>
    </Create>
  );
}
