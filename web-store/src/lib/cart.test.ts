import {
  addOrReplaceLine,
  addToCart,
  clearCart,
  getCartItems,
  removeFromCart,
  type CartItem,
} from './cart';

const line = (over: Partial<CartItem> = {}): CartItem => ({
  product: 'p1',
  name: 'Trainers',
  price: 0,
  image: '',
  stock: 7,
  quantity: 1,
  SubCategory: "Boy's sizing",
  ProductSize: '4',
  ...over,
});

describe('cart', () => {
  it('replaces the line of the same product, SubCategory and size', () => {
    const once = addOrReplaceLine([], line({ quantity: 2 }));
    const twice = addOrReplaceLine(once, line({ quantity: 4 }));
    expect(twice).toEqual([line({ quantity: 4 })]);
  });

  it('keeps separate lines for another size or SubCategory', () => {
    let items = addOrReplaceLine([], line());
    items = addOrReplaceLine(items, line({ ProductSize: '5' }));
    items = addOrReplaceLine(items, line({ SubCategory: "Girl's sizing" }));
    expect(items).toHaveLength(3);
  });

  it('persists in localStorage, removes one line and empties', () => {
    addToCart(line());
    addToCart(line({ ProductSize: '5', quantity: 3 }));
    expect(JSON.parse(window.localStorage.getItem('cartItems') ?? '[]')).toHaveLength(2);
    removeFromCart(line());
    expect(getCartItems()).toEqual([line({ ProductSize: '5', quantity: 3 })]);
    clearCart();
    expect(getCartItems()).toEqual([]);
  });

  it('ignores a tampered stored cart instead of crashing', () => {
    window.localStorage.setItem('cartItems', '{"not":"a cart"}');
    expect(getCartItems()).toEqual([]);
  });
});
