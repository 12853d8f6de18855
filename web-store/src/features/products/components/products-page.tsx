/** /products and /products/:keyword: list with a category filter. */
import { useParams } from 'react-router-dom';
import { CATEGORIES } from '@lr/contracts';
import { PageTitle } from '../../../components/page-title';
import { CategoryFilter } from './category-filter';
import { ProductGrid } from './product-grid';
import { useListParams } from './use-list-params';

const PRODUCT_CATEGORIES = ['All', ...CATEGORIES] as const;

export function ProductsPage() {
  const { keyword: pathKeyword } = useParams();
  const { page, category, update } = useListParams('All');
  const keyword = pathKeyword ?? '';
  return (
    <section className="page">
      <PageTitle title="Products" />
      <h1>{keyword ? `Products matching "${keyword}"` : 'Products'}</h1>
      <CategoryFilter
        options={PRODUCT_CATEGORIES}
        value={category}
        onChange={(c) => update({ category: c, page: 1 })}
      />
      <ProductGrid params={{ keyword, page, category }} onPage={(p) => update({ page: p })} />
    </section>
  );
}
