/** /search: a search box leading to /products/:keyword. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import './search-form.css';

export function SearchPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = keyword.trim();
    void navigate(trimmed ? `/products/${encodeURIComponent(trimmed)}` : '/products');
  };
  return (
    <section className="page page--narrow">
      <PageTitle title="Search" />
      <h1>Search Products</h1>
      <form className="search" role="search" onSubmit={onSubmit}>
        <label htmlFor="search-keyword" className="visually-hidden">
          Search products
        </label>
        <input
          id="search-keyword"
          type="search"
          placeholder="Search a product..."
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          autoFocus
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
    </section>
  );
}
