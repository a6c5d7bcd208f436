// The one number input of the product. A text input rather than Mantine's
// NumberInput because the value must stay an exact decimal string (money is a
// Decimal on the API) and the reading rules are ours (numberInput.ts): the
// field shows exactly what was typed and, when that is not a number the field
// takes, says why in Spanish instead of turning it into another number.
// Works controlled (`value`) or with @mantine/form's uncontrolled mode
// (`defaultValue`), so `{...form.getInputProps('amount')}` can be spread in.
// The value handed to `onChange` is the figure typed as a plain decimal
// ("1,234.5" → "1234.5"), or "" while the text is not a number; a field whose
// text is refused is marked, and FormPage / FormDialog will not submit while
// one is (`focusRefusedNumber`).
import { useState, type FocusEvent, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { displayNumber, readNumberInput, showScale, type NumberRules } from './numberInput';

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
  /** Names the upper bound in its refusal: «No puede ser mayor que el saldo ($9,533.33).» */
  maxLabel?: string;
  minLabel?: string;
  /** Shows a "$" prefix and the value at its scale ("1234.50"). */
  money?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** The attribute that marks a field whose text is refused. */
export const REFUSED_NUMBER_ATTRIBUTE = 'data-number-refused';

/**
 * Focuses the first refused number field inside `root` and says whether there
 * was one: a form's submit calls it first, so a refused figure is never sent
 * as something else (nothing, or the previous value).
 */
export function focusRefusedNumber(root: HTMLElement | null): boolean {
  const refused = root?.querySelector<HTMLInputElement>(`input[${REFUSED_NUMBER_ATTRIBUTE}]`);
  if (!refused) return false;
  // Leaving the field first ends "still typing", so its message shows.
  if (refused.ownerDocument.activeElement === refused) refused.blur();
  refused.focus();
  return true;
}

export function NumberField({
  value,
  defaultValue,
  onChange,
  precision,
  min,
  max,
  maxLabel,
  minLabel,
  money = false,
  error,
  onBlur,
  onFocus,
  leftSection,
  ...rest
}: NumberFieldProps) {
  const rules: NumberRules = { precision, min, max, money, maxLabel, minLabel };
  const initial = value ?? defaultValue ?? '';
  const [text, setText] = useState(() => displayNumber(initial, rules));
  // The value last emitted or received: a different one coming in (a reset, a
  // reload, «Liquidar») replaces the text; our own echo does not.
  const [known, setKnown] = useState(initial);
  const [typing, setTyping] = useState(false);
  if (value !== undefined && value !== known) {
    setKnown(value);
    setText(displayNumber(value, rules));
  }

  const read = readNumberInput(text, rules);
  const refusal = read.error !== null && !(typing && read.pending) ? read.error : null;

  const handleChange = (typed: string) => {
    setText(typed);
    setTyping(true);
    const next = readNumberInput(typed, rules).value;
    setKnown(next);
    if (next !== known || value === undefined) onChange?.(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTyping(false);
    setText(showScale(text, rules));
    onBlur?.(event);
  };

  return (
    <TextInput
      {...rest}
      {...{ [REFUSED_NUMBER_ATTRIBUTE]: read.error !== null ? '' : undefined, 'data-number-field': '' }}
      type="text"
      inputMode={precision === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={refusal ?? error}
      onChange={(event) => handleChange(event.currentTarget.value)}
      onFocus={(event) => {
        setTyping(false);
        onFocus?.(event);
      }}
      onBlur={handleBlur}
      leftSection={leftSection ?? (money ? '$' : undefined)}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
