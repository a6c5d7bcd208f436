// The one date-and-time input: shows DD/MM/AAAA HH:mm (24 h) whatever the
// browser's language (the native datetime-local field showed
// `11/27/2026, 0…` on an English phone, month first and the time cut), opens
// the Spanish calendar of DatesProvider with the hour and minute beside it,
// and keeps an ISO instant as its value, as the API's DateTime expects. The
// time is the browser's, as formatDateTime shows it.
import dayjs from 'dayjs';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';

export type DateTimeFieldProps = Omit<DateTimePickerProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'minDate' | 'maxDate'> & {
  /** An ISO instant, or '' for none. */
  value?: string | null;
  onChange?: (value: string) => void;
};

/** The picker's own value ("AAAA-MM-DD HH:mm:ss", local time) of an ISO instant, or null. */
export function pickerValueOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const parsed = dayjs(iso);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The ISO instant of the picker's value ("AAAA-MM-DD HH:mm:ss", local time), or '' for none. */
export function instantOf(pickerValue: string | null | undefined): string {
  if (!pickerValue) return '';
  const parsed = dayjs(pickerValue);
  return parsed.isValid() ? parsed.toISOString() : '';
}

export function DateTimeField({ value, onChange, timePickerProps, submitButtonProps, ...props }: DateTimeFieldProps) {
  // A popover beside a field inside a dialog runs off a phone's screen: there it opens centred.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <DateTimePicker
      valueFormat="DD/MM/YYYY HH:mm"
      placeholder="DD/MM/AAAA hh:mm"
      dropdownType={phone ? 'modal' : 'popover'}
      value={pickerValueOf(value)}
      onChange={(next) => onChange?.(instantOf(next))}
      timePickerProps={{ format: '24h', hoursInputLabel: 'Hora', minutesInputLabel: 'Minutos', ...timePickerProps }}
      submitButtonProps={{ 'aria-label': 'Aceptar fecha y hora', ...submitButtonProps }}
      {...props}
    />
  );
}
