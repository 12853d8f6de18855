/**
 * /product/:id: images, rating, stock status, size, quantity, Add to Cart, Request products,
 * description, reviews. Add to Cart is off while the product or the picked size is
 * out of stock; Request products is on exactly then, so a school can still ask for that size. A
 * guest, who has no cart, gets "Log in to request" in place of the quantity and Add to Cart.
 * No price is shown: everything is free.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { mayExceedLineCap, useCurrentUser } from '../../../lib/auth';
import { loginPathFor } from '../../../lib/login-path';
import { maxQuantityFor, readQuantity } from '../../../lib/quantity-rules';
import { PageTitle } from '../../../components/page-title';
import { QuantityControl } from '../../../components/quantity-control';
import { ErrorView, Loading } from '../../../components/query-state';
import { RatingStars } from '../../../components/rating-stars';
import { useToast } from '../../../components/toast';
import { useProduct } from '../api/get-product';
import type { ApiProduct as Product } from '@lr/contracts/http/v1';
import { requestFormUrl } from '../request-form-url';
import { ProductImage } from './product-image';
import { ReviewDialog } from './review-dialog';
import { useAddToCart } from './use-add-to-cart';
import './product-details-page.css';

export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <Loading label="Loading product..." />;
  if (product.isError)
    return <ErrorView error={product.error} onRetry={() => void product.refetch()} />;
  return <ProductDetails product={product.data} />;
}

function ProductDetails({ product }: { product: Product }) {
  const me = useCurrentUser();
  const exempt = mayExceedLineCap(me.data);
  const toast = useToast();
  const addLine = useAddToCart();
  const navigate = useNavigate();
  const [imageIndex, setImageIndex] = useState(0);
  const [sizeId, setSizeId] = useState(() =>
    product.ProductSize.length === 1 ? (product.ProductSize[0]?._id ?? '') : '',
  );
  const [quantity, setQuantity] = useState('1');
  const [reviewing, setReviewing] = useState(false);

  const size = product.ProductSize.find((s) => s._id === sizeId);
  const stock = size ? size.stock : product.Stock;
  const max = maxQuantityFor(stock, exempt);
  const reading = readQuantity(quantity, stock, exempt);
  const outOfStock = stock < 1;
  const image = product.images[imageIndex] ?? product.images[0];

  const pickSize = (value: string) => {
    setSizeId(value);
    const picked = product.ProductSize.find((s) => s._id === value);
    if (!picked) return;
    if (picked.stock < 1) toast.error(UI_MESSAGES.itemOutOfStock);
  };

  const add = () => {
    if (!size) {
      toast.error('Please select a size');
      return;
    }
    if (reading.quantity === null) return;
    addLine({
      product: product._id,
      name: product.name,
      price: product.price,
      image: product.images[0]?.url ?? product.image ?? '',
      stock: size.stock,
      quantity: reading.quantity,
      SubCategory: product.SubCategory,
      ProductSize: size.size,
      category: product.category,
    });
  };

  return (
    <section className="page product-details">
      <PageTitle title={product.name} />
      <div className="product-details__media">
        <ProductImage
          url={image?.url ?? product.image}
          name={product.name}
          className="product-details__image"
        />
        {product.images.length > 1 && (
          <div className="thumbs" role="group" aria-label="Images">
            {product.images.map((img, index) => (
              <button
                key={img.url}
                type="button"
                aria-label={`Image ${index + 1}`}
                aria-pressed={index === imageIndex}
                onClick={() => setImageIndex(index)}
              >
                <img src={img.url} alt="" />
              </button>
            ))}
          </div>
        )}
      </div>
      <div className="product-details__info">
        <h1>{product.name}</h1>
        <p className="muted">
          {product.category} · {product.SubCategory}
        </p>
        <RatingStars value={product.ratings} count={product.numOfReviews} />
        <p role="status">
          Status{size && product.ProductSize.length > 1 ? ` of size ${size.size}` : ''}:{' '}
          <strong className={outOfStock ? 'text-danger' : 'text-success'}>
            {outOfStock ? 'Out of stock' : 'In stock'}
          </strong>
        </p>
        <label htmlFor="detail-size">Size</label>
        <select id="detail-size" value={sizeId} onChange={(e) => pickSize(e.target.value)}>
          <option value="">Select a size</option>
          {product.ProductSize.map((option) => (
            <option key={option._id} value={option._id}>
              {option.size} {option.stock < 1 ? '(out of stock)' : `(${option.stock} left)`}
            </option>
          ))}
        </select>
        <div className="product-details__actions">
          {me.data ? (
            <>
              <QuantityControl
                value={quantity}
                max={max}
                onChange={setQuantity}
                problem={reading.problem}
                disabled={outOfStock}
              />
              <button
                type="button"
                className="button"
                disabled={outOfStock || reading.problem !== null}
                onClick={add}
              >
                Add to Cart
              </button>
            </>
          ) : (
            // A guest has no cart: logging in brings them back to this product.
            !me.isPending && (
              <Link className="button" to={loginPathFor(`/product/${product._id}`)}>
                Log in to request
              </Link>
            )
          )}
          <button
            type="button"
            className="button button--ghost"
            disabled={!outOfStock}
            onClick={() => void navigate(requestFormUrl(product, size?.size ?? ''))}
          >
            Request products
          </button>
        </div>
        <h2>Description</h2>
        <p className="description">{product.description || 'No description.'}</p>
        {me.data ? (
          <button type="button" className="button button--ghost" onClick={() => setReviewing(true)}>
            Submit Review
          </button>
        ) : (
          <p>
            <Link to={loginPathFor(`/product/${product._id}`)}>Login</Link> to review this product.
          </p>
        )}
      </div>
      <div className="reviews">
        <h2>Reviews</h2>
        {product.reviews.length === 0 ? (
          <p className="empty">No Reviews Yet</p>
        ) : (
          <ul className="review-list">
            {product.reviews.map((review) => (
              <li key={review._id} className="card">
                <strong>{review.name}</strong>
                <RatingStars value={review.rating} />
                <p>{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {reviewing && <ReviewDialog productId={product._id} onClose={() => setReviewing(false)} />}
    </section>
  );
}
