import { TextInput } from 'react-admin';
import { validateFairMarketValue } from '../lib/product-form';

/**
 * A product's fair-market value per unit, for the Impact page. Text, not a number input, so that
 * "12.50" stays exactly what was typed; a change counts from now on, never for what was given before.
 */
export function FairMarketValueInput() {
  return (
    <TextInput
      source="fairMarketValue"
      label="Fair-market value per unit"
      helperText="For the Impact page, e.g. 12.50; blank: none. A change counts from now on."
      validate={validateFairMarketValue}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 280 }}
    />
  );
}
