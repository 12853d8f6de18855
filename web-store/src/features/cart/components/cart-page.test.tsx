import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addToCart, getCartItems } from '../../../lib/cart';
import { renderRoute } from '../../../../test/render';
import { CartPage } from './cart-page';

const line = {
  product: 'p',
  name: 'Cap',
  price: 0,
  image: '',
  stock: 3,
  quantity: 1,
  SubCategory: 'One size',
  ProductSize: 'One size',
};

describe('CartPage', () => {
  it("shows 'No Product in Your Cart' with a link to products when empty", () => {
    renderRoute(<CartPage />, { path: '/cart' });
    expect(screen.getByText('No Product in Your Cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('removes a line and checks out to /shipping', async () => {
    const user = userEvent.setup();
    addToCart(line);
    addToCart({ ...line, product: 'q', name: 'Scarf' });
    renderRoute(<CartPage />, {
      path: '/cart',
      extraRoutes: [{ path: '/shipping', element: <p>shipping page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Remove Cap, One size One size' }));
    expect(getCartItems().map((i) => i.name)).toEqual(['Scarf']);
    expect(screen.queryByText('Cap')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('shipping page')).toBeInTheDocument();
  });
});
