import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  email,
  maxLength,
  maxValue,
  minValue,
  required,
  useSourceContext,
} from 'react-admin';
import type { ApiProduct } from '@lr/contracts';
import { toEntryBody, type EntryForm } from '../lib/order-entry';
import { useProductChoices, useSchoolChoices } from './entry-choices';

const GENDERS = [
  { id: 'Female', name: 'Female' },
  { id: 'Male', name: 'Male' },
  { id: 'NA', name: 'Prefer not to say' },
];

/** One line: a product found by name, one of its sizes, a quantity (as the store's cart). */
function EntryLine() {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<ApiProduct | null>(null);
  const { data: products = [] } = useProductChoices(keyword);
  const sourceContext = useSourceContext();
  const productId = useWatch({ name: sourceContext.getSource('productId') }) as string | undefined;
  const product = products.find((p) => p._id === productId) ?? picked;
  const choices =
    picked && !products.some((p) => p._id === picked._id) ? [picked, ...products] : products;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <AutocompleteInput
        source="productId"
        label="Product"
        choices={choices}
        optionValue="_id"
        optionText={(p: ApiProduct) => `${p.name} (${p.SubCategory})`}
        setFilter={setKeyword}
        onChange={(_value, record) =>
          setPicked((record as unknown as ApiProduct | undefined) ?? null)
        }
        validate={required()}
        sx={{ minWidth: 240 }}
      />
      <SelectInput
        source="size"
        label="Size"
        choices={(product?.ProductSize ?? []).map((s) => ({
          id: s.size,
          name: `${s.size} (${s.stock} in stock)`,
        }))}
        validate={required()}
        sx={{ minWidth: 140 }}
      />
      <NumberInput
        source="quantity"
        label="Quantity"
        defaultValue={1}
        min={1}
        validate={[required(), minValue(1)]}
        sx={{ width: 110 }}
      />
    </Box>
  );
}

/**
 * A request taken by phone or e-mail, entered for a school (admins and volunteers): the school's
 * own checkout rules apply on the server, the school sees it in My Orders and is mailed.
 */
export function OrderCreate() {
  const { data: schools = [] } = useSchoolChoices();
  return (
    <Create
      title="Enter a request for a school"
      transform={(data: EntryForm) => toEntryBody(data)}
      redirect="edit"
    >
      <SimpleForm sx={{ maxWidth: 760 }}>
        <Typography variant="body2" color="text.secondary">
          For a request a school made by phone or e-mail. Every rule of the school&apos;s own
          checkout applies; the school sees it in My Orders and gets the same e-mail.
        </Typography>
        <AutocompleteInput
          source="schoolId"
          label="School"
          choices={schools}
          validate={required()}
          fullWidth
        />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="studentId" label="Student id" validate={[required(), maxLength(40)]} />
          <NumberInput
            source="age"
            label="Age"
            min={1}
            max={120}
            validate={[required(), minValue(1), maxValue(120)]}
          />
          <SelectInput source="gender" label="Gender" choices={GENDERS} validate={required()} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <TextInput source="teacher" label="Teacher" />
          <TextInput source="phoneNo" label="Phone" />
          <TextInput source="Email" label="Teacher's e-mail" validate={[required(), email()]} />
        </Box>
        <TextInput source="additionalComments" label="Comments" multiline fullWidth />
        <ArrayInput source="lines" label="Items" validate={required()}>
          <SimpleFormIterator disableReordering fullWidth>
            <EntryLine />
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput
          source="studentLimitReason"
          label="Reason (when the student is over the limit)"
          helperText="Needed when the student has had the year's requests already (warn mode)"
          multiline
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
