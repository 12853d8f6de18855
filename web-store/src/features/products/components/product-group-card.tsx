/**
 * One storefront card: a product name with its sizes per SubCategory (spec 2.4), a quantity
 * control limited to 1..min(5, stock) (TEST USER: 1..stock) and Add to Cart.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { mayExceedLineCap, useCurrentUser } from '../../../lib/auth';
import { maxQuantityFor, readQuantity } from '../../../lib/quantity-rules';
import { QuantityControl } from '../../../components/quantity-control';
import { useToast } from '../../../components/toast';
import type { ApiProductGroup as ProductGroup } from '@lr/contracts/http/v1';
import { ProductImage } from './product-image';
import { useAddToCart } from './use-add-to-cart';
import './product-group-card.css';

export function ProductGroupCard({ group }: { group: ProductGroup }) {
  const id = useId();
  const me = useCurrentUser();
  const exempt = mayExceedLineCap(me.data);
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
  // An empty size keeps the spec's 'Item Not Available' answer (useAddToCart) on Add to Cart.
  const invalidQuantity = reading.problem !== null && !(size && size.stock < 1);
  const image = group.images[0]?.url ?? group.image;

  const pickSubCategory = (index: number) => {
    setSubIndex(index);
    setSizeId('');
    setQuantity('1');
  };

  const pickSize = (value: string) => {
    setSizeId(value);
    const picked = sub?.sizes.find((s) => s._id === value);
    if (!picked) return;
    if (picked.stock < 1) toast.error(UI_MESSAGES.itemOutOfStock);
  };

  const add = () => {
    if (!sub || !size) {
      toast.error('Please select a size');
      return;
    }
    if (invalidQuantity) return;
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
      <div className="product-card__actions">
        <QuantityControl
          value={quantity}
          max={max}
          onChange={setQuantity}
          problem={reading.problem}
          label={`Quantity of ${group.name}`}
        />
        <button type="button" className="button" onClick={add} disabled={invalidQuantity}>
          Add to Cart
        </button>
      </div>
    </article>
  );
}
