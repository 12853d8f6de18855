/** /cart: the lines kept in localStorage, remove buttons and Check Out (spec 2.5). */
import { Link, useNavigate } from 'react-router-dom';
import { isTestUser, useCurrentUser } from '../../../lib/auth';
import {
  addToCart,
  cartCount,
  removeFromCart,
  useCartItems,
  type CartItem,
} from '../../../lib/cart';
import { maxQuantityFor } from '../../../lib/quantity-rules';
import { PageTitle } from '../../../components/page-title';
import { QuantityControl } from '../../../components/quantity-control';

export function CartPage() {
  const items = useCartItems();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const exempt = isTestUser(me.data);

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
            key={`${item.product}|${item.SubCategory}|${item.ProductSize}`}
            item={item}
            exempt={exempt}
          />
        ))}
      </ul>
      <div className="cart-summary card">
        <p>
          Total items: <strong>{cartCount(items)}</strong>
        </p>
        <button type="button" className="button" onClick={() => void navigate('/shipping')}>
          Check Out
        </button>
      </div>
    </section>
  );
}

function CartLine({ item, exempt }: { item: CartItem; exempt: boolean }) {
  const label = `${item.name}, ${item.SubCategory} ${item.ProductSize}`;
  return (
    <li className="cart-line card">
      {item.image ? (
        <img src={item.image} alt="" className="cart-line__image" />
      ) : (
        <span className="cart-line__image" />
      )}
      <div className="cart-line__text">
        <Link to={`/product/${item.product}`}>{item.name}</Link>
        <span className="muted">
          {item.SubCategory} | {item.ProductSize}
        </span>
      </div>
      <div className="cart-line__controls">
        <QuantityControl
          value={item.quantity}
          max={maxQuantityFor(item.stock, exempt)}
          onChange={(quantity) => addToCart({ ...item, quantity })}
          label={`Quantity of ${label}`}
        />
        <button
          type="button"
          className="button button--danger"
          aria-label={`Remove ${label}`}
          onClick={() => removeFromCart(item)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
