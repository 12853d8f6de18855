/** Pager with the original labels: 1st, Prev, page numbers, Next, Last. */
import './pagination.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
}

export function Pagination({ page, pageCount, onChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => first + i);
  return (
    <nav className="pagination" aria-label="Pagination">
      <button type="button" onClick={() => onChange(1)} disabled={page === 1}>
        1st
      </button>
      <button type="button" onClick={() => onChange(page - 1)} disabled={page === 1}>
        Prev
      </button>
      {pages.map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onChange(n)}
          aria-current={n === page ? 'page' : undefined}
          className={n === page ? 'is-current' : undefined}
        >
          {n}
        </button>
      ))}
      <button type="button" onClick={() => onChange(page + 1)} disabled={page === pageCount}>
        Next
      </button>
      <button type="button" onClick={() => onChange(pageCount)} disabled={page === pageCount}>
        Last
      </button>
    </nav>
  );
}
