import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCartItems } from '../../../lib/cart';
import { renderRoute, TEST_USER } from '../../../../test/render';
import type { ApiProductGroup as ProductGroup } from '@lr/contracts/http/v1';
import { ProductGroupCard } from './product-group-card';

const group: ProductGroup = {
  name: 'Running Shoes',
  category: 'Footwear',
  description: 'Light trainers',
  images: [{ url: '/media/placeholder/footwear.svg' }],
  image: '/media/placeholder/footwear.svg',
  subCategories: [
    {
      SubCategory: "Boy's sizing",
      productId: 'prod-boys',
      sizes: [
        { _id: 's4', size: '4', stock: 8, productId: 'prod-boys' },
        { _id: 's5', size: '5', stock: 0, productId: 'prod-boys' },
        { _id: 's6', size: '6', stock: 2, productId: 'prod-boys' },
      ],
    },
    {
      SubCategory: "Girl's sizing",
      productId: 'prod-girls',
      sizes: [{ _id: 'g4', size: '4', stock: 3, productId: 'prod-girls' }],
    },
  ],
};

function quantityInput() {
  return screen.getByLabelText('Quantity of Running Shoes') as HTMLInputElement;
}

describe('ProductGroupCard', () => {
  it('caps the quantity at 5 for a school even when more is in stock', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />);
    await user.selectOptions(screen.getByLabelText('Size'), 's4');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 7; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(quantityInput().value).toBe('5');
    expect(plus).toBeDisabled();
  });

  it('caps the quantity at the size stock', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />);
    await user.selectOptions(screen.getByLabelText('Size'), 's6');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(quantityInput().value).toBe('2');
    expect(plus).toBeDisabled();
  });

  it('lets an account exempted by an admin (the demo TEST USER) go past 5, up to the stock', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />, { user: TEST_USER });
    await user.selectOptions(screen.getByLabelText('Size'), 's4');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 10; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(quantityInput().value).toBe('8');
  });

  it('caps a school named "TEST USER" at 5 when no admin exempted it', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />, {
      user: { ...TEST_USER, exemptFromLineCap: false },
    });
    await user.selectOptions(screen.getByLabelText('Size'), 's4');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 10; i++) if (!(plus as HTMLButtonElement).disabled) await user.click(plus);
    expect(quantityInput().value).toBe('5');
  });

  it('turns Add to Cart off for a size out of stock and says why once, beside it', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />);
    await user.selectOptions(screen.getByLabelText('Size'), 's5');
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Out of stock in this size. Request it');
    expect(screen.getAllByText(/out of stock in this size/i)).toHaveLength(1);
    // No toast, no quantity problem: the one sentence beside the button is the only message.
    expect(screen.queryByText('Item Out of Stock')).not.toBeInTheDocument();
    expect(screen.queryByText('This size is out of stock.')).not.toBeInTheDocument();
    expect(quantityInput()).toBeDisabled();
    expect(quantityInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('link', { name: 'Request it' })).toHaveAttribute(
      'href',
      '/requestform?item=Running+Shoes&subCategory=Boy%27s+sizing&size=5',
    );
    await user.click(add);
    expect(getCartItems()).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Size'), 's4');
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(screen.queryByText(/out of stock in this size/i)).not.toBeInTheDocument();
  });

  it('offers a guest "Log in to request", back to this page, instead of Add to Cart', () => {
    renderRoute(<ProductGroupCard group={group} />, {
      user: null,
      path: '/products?page=2',
      pattern: '/products',
    });
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Running Shoes')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to request' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fproducts%3Fpage%3D2',
    );
  });

  it('adds a line with the product id of the size, and the same size again replaces it', async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />);
    await user.selectOptions(screen.getByLabelText('Sizing'), '1');
    await user.selectOptions(screen.getByLabelText('Size'), 'g4');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Added To Cart')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(getCartItems()).toEqual([
      expect.objectContaining({
        product: 'prod-girls',
        SubCategory: "Girl's sizing",
        ProductSize: '4',
        quantity: 3,
      }),
    ]);
  });

  it('lists every SubCategory of the group', () => {
    renderRoute(<ProductGroupCard group={group} />);
    const sizing = screen.getByLabelText('Sizing');
    expect(
      within(sizing)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(["Boy's sizing", "Girl's sizing"]);
  });
});
