import { Box, Chip, Divider, Typography } from '@mui/material';
import {
  BooleanInput,
  Edit,
  ImageField,
  ImageInput,
  NumberInput,
  SelectInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { UI_MESSAGES, type ConsoleProduct } from '@lr/contracts';
import { ConfirmDeleteButton } from '../components/confirm-delete-button';
import { errorMessage } from '../http';
import { buildProductUpdate, validateProductEdit, type ProductEditForm } from '../lib/product-form';
import { IMAGE_ACCEPT, IMAGE_HELP } from './choices';
import { MovementHistory } from './movement-history';
import { ProductImages } from './product-images';
import { FairMarketValueInput } from './fair-market-value-input';

function CurrentSizes() {
  const product = useRecordContext<ConsoleProduct>();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" gutterBottom>
        Current stock (total {product?.Stock ?? 0})
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {(product?.ProductSize ?? []).map((size) => (
          <Chip
            key={size._id ?? size.size}
            label={`${size.size}: ${size.stock}`}
            color={size.stock > 0 ? 'default' : 'error'}
            variant="outlined"
          />
        ))}
      </Box>
    </Box>
  );
}

function ProductEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <ConfirmDeleteButton
        title="Delete Product"
        content={UI_MESSAGES.confirmDeleteProduct}
        successMessage={UI_MESSAGES.productDeleted}
        redirectTo="/products"
      />
    </Toolbar>
  );
}

function ProductEditFields() {
  const product = useRecordContext<ConsoleProduct>();
  if (!product) return null;
  const sizes = (product.ProductSize ?? []).map((s) => s.size);
  return (
    <SimpleForm
      toolbar={<ProductEditToolbar />}
      validate={(values) => validateProductEdit(values as ProductEditForm, sizes)}
    >
      <TextInput source="name" label="Product Name" readOnly fullWidth />
      <Box sx={{ display: 'flex', gap: 2, width: '100%' }}>
        <TextInput source="category" label="Category" readOnly />
        <TextInput source="SubCategory" label="SubCategory" readOnly />
      </Box>
      <TextInput source="description" label="Description" multiline minRows={3} fullWidth />
      <BooleanInput source="isShow" label="Show" />
      <FairMarketValueInput />
      <Divider flexItem sx={{ my: 1 }} />
      <CurrentSizes />
      <Typography variant="subtitle2">Add stock to a size (added to its current stock)</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <SelectInput
          source="stockSize"
          label="Size"
          choices={sizes.map((size) => ({ id: size, name: size }))}
          emptyText="Choose size"
          sx={{ width: 240 }}
        />
        <NumberInput source="addStock" label="Stock to add" min={0} step={1} sx={{ width: 240 }} />
      </Box>
      <Typography variant="subtitle2">Or add a new size</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="newSize" label="New size" sx={{ width: 240 }} />
        <NumberInput source="newSizeStock" label="Its stock" min={0} step={1} sx={{ width: 240 }} />
      </Box>
      <Divider flexItem sx={{ my: 1 }} />
      <Typography variant="subtitle2">
        Low stock: the dashboard lists a size when its stock is at or below its threshold (blank:
        the product's)
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <NumberInput
          source="lowStockThreshold"
          label="Product threshold"
          min={0}
          step={1}
          sx={{ width: 240 }}
        />
        {sizes.map((size, i) => (
          <NumberInput
            key={size}
            source={`ProductSize.${i}.lowStockThreshold`}
            label={`Size ${size}`}
            min={0}
            step={1}
            sx={{ width: 160 }}
          />
        ))}
      </Box>
      <Divider flexItem sx={{ my: 1 }} />
      <ProductImages />
      <ImageInput
        source="newImages"
        label="Add images"
        accept={IMAGE_ACCEPT}
        helperText={IMAGE_HELP}
        multiple
        inputProps={{ 'aria-label': 'Add images' }}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
    </SimpleForm>
  );
}

/** Edit Product: name, category and SubCategory read-only; new stock is added to the chosen size. */
export function ProductEdit() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title="Edit Product"
      mutationMode="pessimistic"
      transform={(data: ProductEditForm) => buildProductUpdate(data)}
      mutationOptions={{
        onSuccess: () => {
          notify(UI_MESSAGES.productUpdated, { type: 'success' });
          redirect('/products');
        },
        onError: (error: unknown) => notify(errorMessage(error), { type: 'error' }),
      }}
    >
      <ProductEditFields />
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Stock movements
        </Typography>
        <MovementHistory />
      </Box>
    </Edit>
  );
}
