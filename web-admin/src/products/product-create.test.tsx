import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import {
  AdminContext,
  ResourceContextProvider,
  defaultI18nProvider,
  type DataProvider,
} from 'react-admin';
import { ProductCreate } from './product-create';

function ProductShownAfterCreate() {
  const { id } = useParams();
  return <p>edit product {id}</p>;
}

function renderCreate() {
  const created: Record<string, unknown>[] = [];
  const dataProvider = {
    create: async (_resource: string, params: { data: Record<string, unknown> }) => {
      created.push(params.data);
      return { data: { id: 'p1', ...params.data } };
    },
  } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={['/products/create']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <ResourceContextProvider value="products">
          <Routes>
            <Route path="/products/create" element={<ProductCreate />} />
            <Route path="/products" element={<p>products list</p>} />
            <Route path="/products/:id" element={<ProductShownAfterCreate />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return created;
}

async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function fillRequired() {
  fireEvent.change(await screen.findByLabelText(/Product Name/), {
    target: { value: ' Rain Coat ' },
  });
  await pick(/^Category/, 'Clothing');
  await pick(/^SubCategory/, 'Unisex youth sizing');
  fireEvent.change(screen.getAllByLabelText(/^Size/)[0]!, { target: { value: 'S' } });
  fireEvent.change(screen.getAllByLabelText(/^Stock/)[0]!, { target: { value: '3' } });
}

describe('Add Product', () => {
  it('says what images one save may carry', async () => {
    renderCreate();
    expect(
      await screen.findByText(
        /at most 5 MB each and 6 in all.*add large photos over several saves/,
      ),
    ).toBeInTheDocument();
  });

  it('creates a visible product with its sizes and stock, then shows the new product', async () => {
    const created = renderCreate();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      name: 'Rain Coat',
      category: 'Clothing',
      SubCategory: 'Unisex youth sizing',
      ProductSize: [{ size: 'S', stock: 3 }],
      isShow: true,
    });
    expect(await screen.findByText('edit product p1')).toBeInTheDocument();
  });

  it('refuses a size named twice before sending', async () => {
    const created = renderCreate();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByLabelText(/^Size/)).toHaveLength(2));
    fireEvent.change(screen.getAllByLabelText(/^Size/)[1]!, { target: { value: 's' } });
    fireEvent.change(screen.getAllByLabelText(/^Stock/)[1]!, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size s is named twice')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('clears "Each size needs a name" once every size has one', async () => {
    const created = renderCreate();
    await fillRequired();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByLabelText(/^Size/)).toHaveLength(2));
    fireEvent.change(screen.getAllByLabelText(/^Stock/)[1]!, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Each size needs a name')).toBeInTheDocument();
    fireEvent.change(screen.getAllByLabelText(/^Size/)[1]!, { target: { value: 'M' } });
    await waitFor(() => expect(screen.queryByText('Each size needs a name')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      ProductSize: [
        { size: 'S', stock: 3 },
        { size: 'M', stock: 1 },
      ],
    });
  });
});
