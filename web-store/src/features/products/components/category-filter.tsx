/** Category buttons; 'All' clears the filter. */
import './category-filter.css';

interface CategoryFilterProps {
  options: readonly string[];
  value: string;
  onChange(category: string): void;
}

export function CategoryFilter({ options, value, onChange }: CategoryFilterProps) {
  return (
    <div className="category-filter" role="group" aria-label="Category">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          className={value === option ? 'chip is-active' : 'chip'}
          onClick={() => onChange(option)}
        >
          {option}
        </button>
      ))}
    </div>
  );
}
