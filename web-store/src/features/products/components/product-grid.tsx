/** The paged grid of grouped products shared by /home and /products. */
import { Pagination } from '../../../components/pagination';
import { ErrorView, Loading } from '../../../components/query-state';
import { useGroupedProducts, type ProductListParams } from '../api/get-grouped-products';
import { ProductGroupCard } from './product-group-card';
import './product-grid.css';

export function ProductGrid({
  params,
  onPage,
}: {
  params: ProductListParams;
  onPage(page: number): void;
}) {
  return (
    <section id="products" aria-label="Products" className="product-grid__region">
      <GridContent params={params} onPage={onPage} />
    </section>
  );
}

function GridContent({
  params,
  onPage,
}: {
  params: ProductListParams;
  onPage(page: number): void;
}) {
  const products = useGroupedProducts(params);
  if (products.isPending) {
    // Holds the grid's room while loading so the footer does not jump down when products arrive.
    return (
      <div className="product-grid__placeholder">
        <Loading label="Loading products..." />
      </div>
    );
  }
  if (products.isError)
    return <ErrorView error={products.error} onRetry={() => void products.refetch()} />;
  const { groups, filteredGroupsCount, resultPerPage } = products.data;
  const pageCount = Math.max(1, Math.ceil(filteredGroupsCount / Math.max(1, resultPerPage)));
  return (
    <>
      {groups.length === 0 ? (
        <p className="empty">No products found.</p>
      ) : (
        <div className="product-grid" aria-busy={products.isFetching}>
          {groups.map((group) => (
            <ProductGroupCard key={`${group.name}|${group.category}`} group={group} />
          ))}
        </div>
      )}
      <Pagination page={params.page} pageCount={pageCount} onChange={onPage} />
    </>
  );
}
