import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  ReferenceInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useGetMany,
  type SimpleFormProps,
} from 'react-admin';
import { DONATION_LINE_MAX_QUANTITY } from '@lr/contracts';
import { SourceCreateDialog } from './source-create-dialog';

const quantityRules = [
  required(),
  (value: unknown) =>
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= DONATION_LINE_MAX_QUANTITY
      ? undefined
      : `A whole number from 1 to ${DONATION_LINE_MAX_QUANTITY}`,
];

/** The size of one line: the chosen product's sizes, or a new one when "New size" is ticked. */
function SizeInput({ productId, source }: { productId?: string; source: string }) {
  // getMany reads the list route filtered by id (the one route there is; a getOne would be a 404).
  const { data } = useGetMany<{ id: string; sizes: string[] }>(
    'donation-products',
    { ids: productId ? [productId] : [] },
    { enabled: !!productId },
  );
  const choices = (data?.[0]?.sizes ?? []).map((size) => ({ id: size, name: size }));
  return (
    <AutocompleteInput
      source={source}
      label="Size"
      choices={choices}
      validate={required()}
      onCreate={(name) => (name ? { id: name, name } : undefined)}
      createLabel="Type a new size, then tick New size"
      sx={{ minWidth: 140 }}
    />
  );
}

/** A donation source picked from the list, or added by typing its name (its kind is asked). */
function SourceInput() {
  return (
    <ReferenceInput source="sourceId" reference="donation-sources" perPage={25}>
      <AutocompleteInput
        label="Source"
        optionText={(s: { name: string; kind: string }) => `${s.name} (${s.kind})`}
        filterToQuery={(q: string) => ({ q })}
        validate={required()}
        create={<SourceCreateDialog />}
        createLabel="Type a name to add a new source"
        createItemLabel="Add source %{item}"
        sx={{ minWidth: { xs: 0, sm: 320 } }}
        fullWidth
      />
    </ReferenceInput>
  );
}

/** After "add line", the new line's product takes the focus, so entry goes on from the keyboard. */
function FocusNewLine() {
  const lines = useWatch({ name: 'lines' }) as unknown[] | undefined;
  const count = lines?.length ?? 0;
  const previous = useRef(count);
  useEffect(() => {
    if (count > previous.current) {
      const inputs = document.querySelectorAll<HTMLInputElement>('.donation-line-product input');
      inputs[inputs.length - 1]?.focus();
    }
    previous.current = count;
  }, [count]);
  return null;
}

/** Receive donation and its correction: date, source, note, lines of product + size + quantity. */
export function DonationForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <DateInput source="receivedOn" label="Received on" validate={required()} />
      <SourceInput />
      <TextInput source="note" label="Note" multiline fullWidth />
      <ArrayInput source="lines" label="Lines" validate={required()}>
        <SimpleFormIterator inline disableReordering addButton={undefined}>
          <ReferenceInput source="productId" reference="donation-products" perPage={25}>
            <AutocompleteInput
              label="Product"
              optionText={(p: { name: string; subCategory: string }) =>
                `${p.name} (${p.subCategory})`
              }
              filterToQuery={(q: string) => ({ q })}
              validate={required()}
              className="donation-line-product"
              sx={{ minWidth: 280 }}
            />
          </ReferenceInput>
          <FormDataConsumer>
            {({ scopedFormData }) => (
              <SizeInput
                productId={(scopedFormData as { productId?: string } | undefined)?.productId}
                source="size"
              />
            )}
          </FormDataConsumer>
          <NumberInput source="quantity" label="Quantity" validate={quantityRules} step={1} />
          <BooleanInput source="newSize" label="New size" />
        </SimpleFormIterator>
      </ArrayInput>
      <FocusNewLine />
    </SimpleForm>
  );
}
