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
    await user.click(screen.getByRole('button', { name: 'Remove Cap, One size' }));
    expect(getCartItems().map((i) => i.name)).toEqual(['Scarf']);
    expect(screen.queryByText('Cap')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Out' }));
    expect(await screen.findByText('shipping page')).toBeInTheDocument();
  });

  it('lets a person clear a quantity and type another; explains one above the stock and blocks Check Out', async () => {
    const user = userEvent.setup();
    addToCart({ ...line, stock: 12, quantity: 2 });
    renderRoute(<CartPage />, { path: '/cart' });
    const box = screen.getByLabelText('Quantity of Cap, One size');
    await user.type(box, '{Backspace}4');
    expect(box).toHaveValue('4');
    expect(getCartItems()[0]?.quantity).toBe(4);

    await user.type(box, '{Backspace}');
    expect(box).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a quantity from 1 to 5.');
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeDisabled();
    expect(getCartItems()[0]?.quantity).toBe(4);

    await user.type(box, '9');
    expect(box).toHaveValue('9');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 5 of one item per student.');
    expect(getCartItems()[0]?.quantity).toBe(4);
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeDisabled();

    await user.type(box, '{Backspace}3');
    expect(getCartItems()[0]?.quantity).toBe(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check Out' })).toBeEnabled();
  });
});
