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

  it("says 'Item Out of Stock' on picking an empty size and 'Item Not Available' on adding it", async () => {
    const user = userEvent.setup();
    renderRoute(<ProductGroupCard group={group} />);
    await user.selectOptions(screen.getByLabelText('Size'), 's5');
    expect(await screen.findByText('Item Out of Stock')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Not Available')).toBeInTheDocument();
    expect(getCartItems()).toEqual([]);
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
