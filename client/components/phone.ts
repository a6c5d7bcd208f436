// One definition of "a phone" for every shared component (Mantine's `sm`
// breakpoint, 48em = 768 px): list cards, folded actions, the compact save
// bar and the toasts' place all switch at the same width as phone.css.
import { useMediaQuery } from '@mantine/hooks';

export const PHONE_MEDIA_QUERY = '(max-width: 48em)';

export function usePhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY) ?? false;
}
