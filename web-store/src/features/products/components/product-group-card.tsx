/**
 * One storefront card: a product name with its sizes per SubCategory, a quantity
 * control limited to 1..min(5, stock) (TEST USER: 1..stock) and Add to Cart.
 *
 * A size out of stock turns Add to Cart off and says why once, beside it, with a way to request
 * that size; a guest, who has no cart, is offered "Log in to request" instead.
 */
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { mayExceedLineCap, useCurrentUser } from '../../../lib/auth';
import { loginPathFor } from '../../../lib/login-path';
import { maxQuantityFor, readQuantity } from '../../../lib/quantity-rules';
import { QuantityControl } from '../../../components/quantity-control';
import { useToast } from '../../../components/toast';
import type { ApiProductGroup as ProductGroup } from '@lr/contracts/http/v1';
import { requestFormUrl } from '../request-form-url';
import { ProductImage } from './product-image';
import { useAddToCart } from './use-add-to-cart';
import './product-group-card.css';

export function ProductGroupCard({ group }: { group: ProductGroup }) {
  const id = useId();
  const me = useCurrentUser();
  const location = useLocation();
  const exempt = mayExceedLineCap(me.data);
  const guest = !me.isPending && !me.data;
  const toast = useToast();
  const addLine = useAddToCart();
  const [subIndex, setSubIndex] = useState(0);
  const [sizeId, setSizeId] = useState('');
  const [quantity, setQuantity] = useState('1');

  const sub = group.subCategories[subIndex] ?? group.subCategories[0];
  const size = sub?.sizes.find((s) => s._id === sizeId);
  // Before a size is picked only the per-line cap applies.
  const stock = size ? size.stock : Number.POSITIVE_INFINITY;
  const reading = readQuantity(quantity, stock, exempt);
  const max = maxQuantityFor(stock, exempt);
  const soldOut = size !== undefined && size.stock < 1;
  const invalidQuantity = reading.problem !== null;
  const image = group.images[0]?.url ?? group.image;

  const pickSubCategory = (index: number) => {
    setSubIndex(index);
    setSizeId('');
    setQuantity('1');
  };

  // No toast on picking an empty size: the card says it once, beside the button it turns off.
  const pickSize = (value: string) => setSizeId(value);

  const add = () => {
    if (!sub || !size) {
      toast.error('Please select a size');
      return;
    }
    if (soldOut || invalidQuantity) return;
    const added = addLine({
      product: size.productId,
      name: group.name,
      price: 0,
      image: image ?? '',
      stock: size.stock,
      quantity: reading.quantity ?? 1,
      SubCategory: sub.SubCategory,
      ProductSize: size.size,
      category: group.category,
    });
    if (added) setQuantity('1');
  };

  return (
    <article className="product-card" aria-labelledby={`${id}-name`}>
      <Link to={`/product/${sub?.productId ?? ''}`} className="product-card__link">
        <ProductImage url={image} name={group.name} />
        <h2 id={`${id}-name`}>{group.name}</h2>
      </Link>
      <p className="product-card__category">{group.category}</p>
      {group.subCategories.length > 1 ? (
        <>
          <label htmlFor={`${id}-sub`}>Sizing</label>
          <select
            id={`${id}-sub`}
            value={subIndex}
            onChange={(e) => pickSubCategory(Number(e.target.value))}
          >
            {group.subCategories.map((option, index) => (
              <option key={option.productId + option.SubCategory} value={index}>
                {option.SubCategory}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="product-card__sub">{sub?.SubCategory}</p>
      )}
      <label htmlFor={`${id}-size`}>Size</label>
      <select id={`${id}-size`} value={sizeId} onChange={(e) => pickSize(e.target.value)}>
        <option value="">Select a size</option>
        {sub?.sizes.map((option) => (
          <option key={option._id} value={option._id}>
            {option.size} {option.stock < 1 ? '(out of stock)' : `(${option.stock} left)`}
          </option>
        ))}
      </select>
      {guest ? (
        <Link
          className="button product-card__login"
          to={loginPathFor(location.pathname, location.search)}
        >
          Log in to request
        </Link>
      ) : (
        <div className="product-card__actions">
          <QuantityControl
            value={quantity}
            max={max}
            onChange={setQuantity}
            problem={reading.problem}
            disabled={soldOut}
            label={`Quantity of ${group.name}`}
          />
          <button
            type="button"
            className="button"
            onClick={add}
            disabled={soldOut || invalidQuantity}
            aria-describedby={soldOut ? `${id}-sold-out` : undefined}
          >
            Add to Cart
          </button>
        </div>
      )}
      {soldOut && sub && size && (
        <p id={`${id}-sold-out`} className="product-card__sold-out">
          Out of stock in this size.{' '}
          <Link to={requestFormUrl({ name: group.name, SubCategory: sub.SubCategory }, size.size)}>
            Request it
          </Link>
        </p>
      )}
    </article>
  );
}
