/** First product image, or a drawn placeholder (never a third-party URL). */
import './product-image.css';

export function ProductImage({
  url,
  name,
  className,
}: {
  url?: string | undefined;
  name: string;
  className?: string;
}) {
  if (url)
    return <img className={className ?? 'product-image'} src={url} alt={name} loading="lazy" />;
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <div
      className={`${className ?? 'product-image'} product-image--placeholder`}
      role="img"
      aria-label={name}
    >
      {initials}
    </div>
  );
}
