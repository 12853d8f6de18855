/** Read-only rating in half stars (half-star precision). */
import './rating-stars.css';

export function RatingStars({ value, count }: { value: number; count?: number }) {
  const rounded = Math.round((Number.isFinite(value) ? value : 0) * 2) / 2;
  const stars = [1, 2, 3, 4, 5].map((n) => {
    if (rounded >= n) return 'full';
    if (rounded >= n - 0.5) return 'half';
    return 'empty';
  });
  return (
    <span className="rating">
      {/* A label needs a role: the stars are one image to assistive technology. */}
      <span role="img" aria-label={`Rated ${rounded} out of 5`}>
        {stars.map((kind, i) => (
          <span key={i} className={`star star--${kind}`}>
            ★
          </span>
        ))}
      </span>
      {count !== undefined && (
        <span className="rating__count">
          ({count} {count === 1 ? 'review' : 'reviews'})
        </span>
      )}
    </span>
  );
}
