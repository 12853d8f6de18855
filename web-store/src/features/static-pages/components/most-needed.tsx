/**
 * "Most needed" on the Donate page: the kinds of item and sizes the charity is short of, most needed
 * first. Nothing shows when the charity turned the list off, nothing is short, or it cannot load
 * (the rest of the page stands on its own).
 */
import { useMostNeeded } from '../api/get-most-needed';
import './most-needed.css';

export function MostNeeded() {
  const { data } = useMostNeeded();
  if (!data?.published || data.groups.length === 0) return null;
  return (
    <section className="card most-needed" aria-labelledby="most-needed-title">
      <h2 id="most-needed-title">Most needed right now</h2>
      <p>Donations of these kinds and sizes help the students who are waiting most:</p>
      <ul className="most-needed-list">
        {data.groups.map((group) => (
          <li key={`${group.category}-${group.subCategory ?? ''}`}>
            <strong>
              {group.category}
              {group.subCategory ? ` (${group.subCategory})` : ''}
            </strong>
            : {group.sizes.length === 1 ? 'size' : 'sizes'} {group.sizes.join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
