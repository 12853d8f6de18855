import {
  ArrayInput,
  Create,
  ImageField,
  ImageInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { UI_MESSAGES } from '@lr/contracts';
import { errorMessage } from '../http';
import { fairMarketValueOf, validateNewSizes, type SizeRow } from '../lib/product-form';
import { CATEGORY_CHOICES, IMAGE_ACCEPT, IMAGE_HELP, SUB_CATEGORY_CHOICES } from './choices';
import { FairMarketValueInput } from './fair-market-value-input';

const wholeNonNegative = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Number.isInteger(Number(value)) && Number(value) >= 0)
    ? undefined
    : 'Must be a whole number, 0 or more';

/**
 * react-hook-form checks the Sizes list as a whole only on submit and when a row is added or
 * removed, so "Each size needs a name" stayed after every size got one. While the list shows an
 * error, every edit of a row checks it again, so the message clears as soon as it no longer holds.
 */
function RecheckSizesWhileInError() {
  const rows: unknown = useWatch({ name: 'ProductSize' });
  const { trigger, getFieldState, formState } = useFormContext();
  const inError = Boolean(getFieldState('ProductSize', formState).error);
  useEffect(() => {
    if (inError) void trigger('ProductSize');
    // Only an edit of the rows asks again: with inError in the list, clearing it would ask again.
  }, [rows, trigger]);
  return null;
}

/** Add Product: name, category, SubCategory and every size with its stock required; shown on creation. */
export function ProductCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title="Add Product"
      transform={(data: Record<string, unknown>) => ({
        name: String(data.name ?? '').trim(),
        description: data.description ?? '',
        category: data.category,
        SubCategory: data.SubCategory,
        ProductSize: ((data.ProductSize as SizeRow[]) ?? []).map((row) => ({
          size: String(row.size ?? '').trim(),
          stock: Number(row.stock),
        })),
        isShow: true,
        fairMarketValue: fairMarketValueOf(data.fairMarketValue),
        images: data.images,
      })}
      mutationOptions={{
        // The new product's own page: the list would come back at page 1 sorted by name, with the
        // product somewhere else, and its page is where sizes and images are added next anyway.
        onSuccess: (created: { id: string | number }) => {
          notify(UI_MESSAGES.productCreated, { type: 'success' });
          redirect('edit', 'products', created.id);
        },
        onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ ProductSize: [{ size: '', stock: 0 }] }}>
        <RecheckSizesWhileInError />
        <TextInput source="name" label="Product Name" validate={required()} fullWidth />
        <TextInput source="description" label="Description" multiline minRows={3} fullWidth />
        <SelectInput
          source="category"
          label="Category"
          choices={CATEGORY_CHOICES}
          validate={required()}
        />
        <SelectInput
          source="SubCategory"
          label="SubCategory"
          choices={SUB_CATEGORY_CHOICES}
          validate={required()}
        />
        <FairMarketValueInput />
        <ArrayInput
          source="ProductSize"
          label="Sizes"
          validate={(rows: SizeRow[]) => validateNewSizes(rows)}
        >
          <SimpleFormIterator inline disableReordering>
            <TextInput source="size" label="Size" validate={required()} />
            <NumberInput
              source="stock"
              label="Stock"
              min={0}
              step={1}
              validate={[required(), wholeNonNegative]}
            />
          </SimpleFormIterator>
        </ArrayInput>
        <ImageInput
          source="images"
          label="Images"
          accept={IMAGE_ACCEPT}
          helperText={IMAGE_HELP}
          multiple
          inputProps={{ 'aria-label': 'Images' }}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </SimpleForm>
    </Create>
  );
}
