import { useSearchParams } from 'react-router-dom';

/** Keyword, page and category live in the URL so Back and shared links keep the view. */
export function useListParams(defaultCategory: string) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const category = search.get('category') ?? defaultCategory;
  const keyword = search.get('keyword') ?? '';

  const update = (changes: { page?: number; category?: string; keyword?: string }) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '' || (key === 'page' && value === 1)) next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next);
  };
  return { page, category, keyword, update };
}
