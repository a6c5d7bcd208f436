// The one calendar-date input: shows and accepts DD/MM/AAAA whatever the
// browser's language (the native date input showed 11/24/2026 in an English
// browser), opens a Spanish calendar (the DatesProvider in main.tsx sets
// es-mx), and keeps AAAA-MM-DD as its value, as the API expects.
import { DateInput, type DateInputProps } from '@mantine/dates';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'> & {
  /** AAAA-MM-DD, or '' for none. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Earliest and latest dates offered (AAAA-MM-DD). */
  min?: string;
  max?: string;
};

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A typed date (DD/MM/AAAA, D/M/AAAA, DD-MM-AAAA, DDMMAAAA or AAAA-MM-DD) as AAAA-MM-DD, or null if it is not a real date. */
export function parseTypedDate(input: string): string | null {
  const text = input.trim();
  let day: number;
  let month: number;
  let year: number;
  const iso = ISO.exec(text);
  const typed = DAY_FIRST.exec(text) ?? COMPACT.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (typed) [day, month, year] = [Number(typed[1]), Number(typed[2]), Number(typed[3])];
  else return null;
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function DateField({ value, onChange, min, max, ...props }: DateFieldProps) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDate}
      placeholder="DD/MM/AAAA"
      value={value ? value : null}
      onChange={(next) => onChange?.(next ?? '')}
      minDate={min}
      maxDate={max}
      {...props}
    />
  );
}
