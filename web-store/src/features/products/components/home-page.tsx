/** /home: banner, search, category filter, grouped cards, guides, pagination. */
import { useState, type FormEvent } from 'react';
import { CATEGORIES } from '@lr/contracts';
import { PageTitle } from '../../../components/page-title';
import { CategoryFilter } from './category-filter';
import { GuideDownloads } from './guide-downloads';
import { ImportantNotice } from './important-notice';
import { SchoolNotices } from './school-notices';
import { ProductGrid } from './product-grid';
import { useListParams } from './use-list-params';
import './home-page.css';
import './search-form.css';

const HOME_CATEGORIES = [
  'All',
  'Clothing',
  'Footwear',
  'Sports',
  'Miscellaneous',
] as const satisfies readonly ('All' | (typeof CATEGORIES)[number])[];

export function HomePage() {
  const { page, category, keyword, update } = useListParams('All');
  const [draft, setDraft] = useState(keyword);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ keyword: draft.trim(), page: 1 });
  };

  return (
    <section className="page">
      <PageTitle title="Home" />
      <ImportantNotice />
      <SchoolNotices />
      <div className="banner">
        <h1>Clothing and footwear for every student</h1>
        <p>Donated stock, free for schools. Choose items for one student, then check out.</p>
        <form className="search" role="search" onSubmit={onSearch}>
          <label htmlFor="home-search" className="visually-hidden">
            Search products
          </label>
          <input
            id="home-search"
            type="search"
            placeholder="Search products..."
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button">
            Search
          </button>
        </form>
      </div>
      <GuideDownloads />
      <CategoryFilter
        options={HOME_CATEGORIES}
        value={category}
        onChange={(c) => update({ category: c, page: 1 })}
      />
      <ProductGrid params={{ keyword, page, category }} onPage={(p) => update({ page: p })} />
    </section>
  );
}
