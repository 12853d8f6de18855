/**
 * Minus / number / plus. The box holds exactly what the person typed (it may be empty while they
 * type); the caller reads it with readQuantity and shows `problem` here, next to the box, and
 * blocks its add or save while there is one. Nothing is silently changed.
 */
import { useId } from 'react';
import './quantity-control.css';

interface QuantityControlProps {
  value: string;
  /** Highest quantity the + button goes to. */
  max: number;
  onChange(value: string): void;
  /** Why the typed value cannot be used, or null. */
  problem?: string | null;
  label?: string;
  disabled?: boolean;
  id?: string;
}

export function QuantityControl({
  value,
  max,
  onChange,
  problem = null,
  label = 'Quantity',
  disabled,
  id,
}: QuantityControlProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const problemId = `${inputId}-problem`;
  const current = /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
  // A switched-off control (a size out of stock) has nothing to fix: its caller says why.
  const shownProblem = disabled ? null : problem;
  const step = (delta: number) => {
    const from = current ?? 0;
    onChange(String(Math.max(1, Math.min(from + delta, Math.max(1, max)))));
  };
  return (
    <div className="quantity-field">
      <div className="quantity-control">
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <button
          type="button"
          aria-label="Decrease quantity"
          onClick={() => step(-1)}
          disabled={disabled || (current !== null && current <= 1)}
        >
          −
        </button>
        <input
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={shownProblem ? problemId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          onClick={() => step(1)}
          disabled={disabled || (current !== null && current >= max)}
        >
          +
        </button>
      </div>
      {shownProblem && (
        <p id={problemId} className="quantity-field__problem" role="alert">
          {shownProblem}
        </p>
      )}
    </div>
  );
}
