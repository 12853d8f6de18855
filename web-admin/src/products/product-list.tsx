import { Box, Chip } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
} from 'react-admin';
import { LIMITS, UI_MESSAGES, type ConsoleProduct } from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { useSmallScreen } from '../lib/use-small-screen';
import { CATEGORY_CHOICES, SUB_CATEGORY_CHOICES } from './choices';

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name" />,
  <SelectInput key="category" source="category" label="Category" choices={CATEGORY_CHOICES} />,
  <SelectInput
    key="SubCategory"
    source="SubCategory"
    label="SubCategory"
    choices={SUB_CATEGORY_CHOICES}
  />,
  <NullableBooleanInput
    key="isShow"
    source="isShow"
    label="Visible"
    trueLabel="Visible"
    falseLabel="Hidden"
  />,
  <BooleanInput key="outOfStock" source="outOfStock" label="Out of stock sizes only" />,
];

function SizesField(_props: { label?: string }) {
  return (
    <FunctionField<ConsoleProduct>
      render={(product) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {(product.ProductSize ?? []).map((size) => (
            <Chip
              key={size._id ?? size.size}
              size="small"
              variant="outlined"
              color={size.stock > 0 ? 'default' : 'error'}
              label={`${size.size}: ${size.stock}`}
            />
          ))}
        </Box>
      )}
    />
  );
}

function StockMarker(_props: { label?: string }) {
  return (
    <FunctionField<ConsoleProduct>
      render={(product) => {
        if ((product.Stock ?? 0) < 1)
          return <Chip size="small" color="error" label="Out of stock" />;
        if ((product.ProductSize ?? []).some((size) => size.stock < 1)) {
          return <Chip size="small" color="warning" label="Some sizes out" />;
        }
        return null;
      }}
    />
  );
}

function ProductActions(_props: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <EditButton />
      <ConfirmDeleteButton
        title="Delete Product"
        content={UI_MESSAGES.confirmDeleteProduct}
        successMessage={UI_MESSAGES.productDeleted}
      />
    </Box>
  );
}

/** All products: 15 a page with stock, visibility, out-of-stock markers, edit and delete. */
export function ProductList() {
  const small = useSmallScreen();
  return (
    <List
      title="All Products"
      sort={{ field: 'name', order: 'ASC' }}
      perPage={LIMITS.tablePageSize}
      pagination={<Pagination rowsPerPageOptions={[LIMITS.tablePageSize]} />}
      filters={productFilters}
    >
      {small ? (
        <SimpleList<ConsoleProduct>
          primaryText={(product) => product.name}
          secondaryText={(product) =>
            `${product.SubCategory} - ${product.Stock ?? 0} in stock${product.isShow ? '' : ' - hidden'}`
          }
          tertiaryText={(product) =>
            (product.Stock ?? 0) < 1
              ? 'Out of stock'
              : (product.ProductSize ?? []).some((size) => size.stock < 1)
                ? 'Some sizes out'
                : ''
          }
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" label="Name" />
          <TextField source="category" label="Category" />
          <TextField source="SubCategory" label="SubCategory" />
          <SizesField label="Sizes" />
          <NumberField source="Stock" label="Stock" />
          <BooleanField source="isShow" label="Visible" />
          <StockMarker label="Availability" />
          <ProductActions label="Actions" />
        </Datagrid>
      )}
    </List>
  );
}
