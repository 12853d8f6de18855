import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch } from '../../../../test/render';
import type { ApiProduct as Product } from '@lr/contracts/http/v1';
import { ProductDetailsPage } from './product-details-page';

const base: Product = {
  _id: 'p1',
  name: 'Winter Jacket',
  description: 'Warm and waterproof',
  category: 'Clothing',
  SubCategory: 'Unisex youth sizing',
  ProductSize: [
    { _id: 's', size: 'S', stock: 0 },
    { _id: 'm', size: 'M', stock: 9 },
  ],
  Stock: 9,
  images: [{ url: '/media/placeholder/clothing.svg' }],
  image: '/media/placeholder/clothing.svg',
  price: 0,
  ratings: 4.5,
  numOfReviews: 1,
  reviews: [
    {
      _id: 'r1',
      user: 'u2',
      name: 'Oak Park Primary',
      rating: 4,
      comment: 'Very warm',
      createdAt: '2026-01-02T00:00:00.000Z',
    },
  ],
  isShow: true,
  lowStockThreshold: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function show(product: Product) {
  stubFetch(() => ({ body: { success: true, product } }));
  return renderRoute(<ProductDetailsPage />, {
    path: `/product/${product._id}`,
    pattern: '/product/:id',
    extraRoutes: [{ path: '/requestform', element: <p>request form</p> }],
  });
}

describe('ProductDetailsPage', () => {
  it('offers Add to Cart, not Request products, while in stock; lists the reviews', async () => {
    show(base);
    expect(await screen.findByRole('heading', { name: 'Winter Jacket' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Request products' })).toBeDisabled();
    expect(screen.getByText('Very warm')).toBeInTheDocument();
    expect(screen.getByLabelText('Rated 4.5 out of 5')).toBeInTheDocument();
    expect(screen.queryByText('No Reviews Yet')).not.toBeInTheDocument();
  });

  it('disables Add to Cart when out of stock and sends Request products to the request form', async () => {
    const user = userEvent.setup();
    show({
      ...base,
      Stock: 0,
      ProductSize: [{ _id: 's', size: 'S', stock: 0 }],
      reviews: [],
      numOfReviews: 0,
    });
    expect(await screen.findByText('No Reviews Yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Request products' }));
    expect(await screen.findByText('request form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('item=Winter+Jacket');
  });

  it("says 'Item Out of Stock' when an empty size is picked", async () => {
    const user = userEvent.setup();
    show(base);
    await user.selectOptions(await screen.findByLabelText('Size'), 's');
    expect(await screen.findByText('Item Out of Stock')).toBeInTheDocument();
  });

  it('lets a school request a size that is out of stock while other sizes are in stock', async () => {
    const user = userEvent.setup();
    show(base);
    await user.selectOptions(await screen.findByLabelText('Size'), 's');
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Request products' }));
    expect(await screen.findByText('request form')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('size=S');
  });

  it('lets a person clear the quantity and type a number, and explains a number too large', async () => {
    const user = userEvent.setup();
    show(base);
    await user.selectOptions(await screen.findByLabelText('Size'), 'm');
    const box = screen.getByLabelText('Quantity');
    await user.type(box, '{Backspace}3');
    expect(box).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await user.type(box, '{Backspace}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a quantity from 1 to 5.');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await user.type(box, '13');
    expect(box).toHaveValue('13');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 5 of one item per student.');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('shows no price and counts one review in the singular', async () => {
    show(base);
    expect(await screen.findByText('(1 review)')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown product", async () => {
    stubFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Product not found' },
    }));
    renderRoute(<ProductDetailsPage />, { path: '/product/nope', pattern: '/product/:id' });
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('offers a guest "Log in to request", back to this product, instead of Add to Cart', async () => {
    stubFetch(() => ({ body: { success: true, product: base } }));
    renderRoute(<ProductDetailsPage />, {
      path: '/product/p1',
      pattern: '/product/:id',
      user: null,
    });
    const login = await screen.findByRole('link', { name: 'Log in to request' });
    expect(login).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/product/p1')}`);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity')).not.toBeInTheDocument();
  });
});
