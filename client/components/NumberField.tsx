// The one number input of the product. A text input rather than Mantine's
// NumberInput because the value must stay an exact decimal string (money is a
// Decimal on the API) and the cleaning rules are ours (numberInput.ts).
// Works controlled (`value`) or with @mantine/form's uncontrolled mode
// (`defaultValue`), so `{...form.getInputProps('amount')}` can be spread in.
import type { FocusEvent, Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { finalizeNumberInput, sanitizePartialNumberInput } from './numberInput';

export type NumberFieldProps = Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'styles'
> & {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** Decimal places, always explicit: money 2, quantities as their unit says, integers 0. */
  precision: number;
  min?: number | string;
  max?: number | string;
  /** Shows a "$" prefix for amounts. */
  money?: boolean;
  ref?: Ref<HTMLInputElement>;
};

export function NumberField({
  value,
  defaultValue,
  onChange,
  precision,
  min,
  max,
  money = false,
  onBlur,
  leftSection,
  ...rest
}: NumberFieldProps) {
  const [current, setCurrent] = useUncontrolled<string>({
    value,
    defaultValue,
    finalValue: '',
    onChange,
  });
  const limits = { precision, min, max };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const finished = finalizeNumberInput(current, limits);
    if (finished !== current) setCurrent(finished);
    onBlur?.(event);
  };

  return (
    <TextInput
      {...rest}
      type="text"
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={current}
      onChange={(event) => setCurrent(sanitizePartialNumberInput(event.currentTarget.value, limits))}
      onBlur={handleBlur}
      leftSection={leftSection ?? (money ? '$' : undefined)}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
