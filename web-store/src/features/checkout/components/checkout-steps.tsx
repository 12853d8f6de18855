import './checkout-steps.css';

const STEPS = ['Delivery Details', 'Confirm Order', 'Order Place'] as const;

/** Three checkout steps; `active` is 0-based. */
export function CheckoutSteps({ active }: { active: 0 | 1 | 2 }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout steps">
      {STEPS.map((label, index) => (
        <li
          key={label}
          className={index <= active ? 'is-done' : undefined}
          aria-current={index === active ? 'step' : undefined}
        >
          {label}
        </li>
      ))}
    </ol>
  );
}
