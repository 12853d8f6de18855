/**
 * /cart: the lines kept in localStorage, remove buttons and Check Out. A quantity is
 * saved only when it is valid; while a box holds something else, its line explains why and Check
 * Out waits.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { mayExceedLineCap, useCurrentUser } from '../../../lib/auth';
import {
  addToCart,
  cartCount,
  removeFromCart,
  useCartItems,
  type CartItem,
} from '../../../lib/cart';
import { sizeLabel } from '../../../lib/format-order';
import { maxQuantityFor, readQuantity } from '../../../lib/quantity-rules';
import { PageTitle } from '../../../components/page-title';
import { QuantityControl } from '../../../components/quantity-control';
import './cart-page.css';

export function CartPage() {
  const items = useCartItems();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const exempt = mayExceedLineCap(me.data);
  const [invalidLines, setInvalidLines] = useState<ReadonlySet<string>>(new Set());
  const markLine = (key: string, invalid: boolean) =>
    setInvalidLines((current) => {
      if (current.has(key) === invalid) return current;
      const next = new Set(current);
      if (invalid) next.add(key);
      else next.delete(key);
      return next;
    });
  const keys = new Set(items.map(lineKey));
  const blocked = [...invalidLines].some((key) => keys.has(key));

  if (items.length === 0) {
    return (
      <section className="page page--narrow empty-cart">
        <PageTitle title="Cart" />
        <h1>No Product in Your Cart</h1>
        <Link to="/products" className="button">
          View Products
        </Link>
      </section>
    );
  }

  return (
    <section className="page">
      <PageTitle title="Cart" />
      <h1>My Cart</h1>
      <ul className="cart-lines">
        {items.map((item) => (
          <CartLine
            key={lineKey(item)}
            item={item}
            exempt={exempt}
            onValidity={(valid) => markLine(lineKey(item), !valid)}
          />
        ))}
      </ul>
      <div className="cart-summary card">
        <p>
          Total items: <strong>{cartCount(items)}</strong>
        </p>
        {blocked && (
          <p className="form__error" id="cart-blocked">
            Please correct the quantity marked above before checking out.
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={blocked}
          aria-describedby={blocked ? 'cart-blocked' : undefined}
          onClick={() => void navigate('/shipping')}
        >
          Check Out
        </button>
      </div>
    </section>
  );
}

function lineKey(item: CartItem): string {
  return `${item.product}|${item.SubCategory}|${item.ProductSize}`;
}

function CartLine({
  item,
  exempt,
  onValidity,
}: {
  item: CartItem;
  exempt: boolean;
  onValidity(valid: boolean): void;
}) {
  const size = sizeLabel(item.SubCategory, item.ProductSize);
  const label = `${item.name}, ${size}`;
  const [draft, setDraft] = useState(String(item.quantity));
  const reading = readQuantity(draft, item.stock, exempt);
  const change = (text: string) => {
    setDraft(text);
    const next = readQuantity(text, item.stock, exempt);
    onValidity(next.quantity !== null);
    if (next.quantity !== null) addToCart({ ...item, quantity: next.quantity });
  };
  return (
    <li className="cart-line card">
      {item.image ? (
        <img src={item.image} alt="" className="cart-line__image" />
      ) : (
        <span className="cart-line__image" />
      )}
      <div className="cart-line__text">
        <Link to={`/product/${item.product}`}>{item.name}</Link>
        <span className="muted">{size}</span>
      </div>
      <div className="cart-line__controls">
        <QuantityControl
          value={draft}
          max={maxQuantityFor(item.stock, exempt)}
          onChange={change}
          problem={reading.problem}
          label={`Quantity of ${label}`}
        />
        <button
          type="button"
          className="button button--danger"
          aria-label={`Remove ${label}`}
          onClick={() => {
            onValidity(true);
            removeFromCart(item);
          }}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
