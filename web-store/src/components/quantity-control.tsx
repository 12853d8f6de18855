/** Minus / number / plus, kept inside 1..max by the caller's rules. */
import { useId } from 'react';
import { clampQuantity } from '../lib/quantity-rules';

interface QuantityControlProps {
  value: number;
  max: number;
  onChange(value: number): void;
  label?: string;
  disabled?: boolean;
  id?: string;
}

export function QuantityControl({
  value,
  max,
  onChange,
  label = 'Quantity',
  disabled,
  id,
}: QuantityControlProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="quantity-control">
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <button
        type="button"
        aria-label="Decrease quantity"
        onClick={() => onChange(clampQuantity(value - 1, max))}
        disabled={disabled || value <= 1}
      >
        −
      </button>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(clampQuantity(Number(event.target.value), max))}
      />
      <button
        type="button"
        aria-label="Increase quantity"
        onClick={() => onChange(clampQuantity(value + 1, max))}
        disabled={disabled || value >= max}
      >
        +
      </button>
    </div>
  );
}
