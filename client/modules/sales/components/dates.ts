// Calendar dates as the API takes them (AAAA-MM-DD), in the user's local day.
import dayjs from 'dayjs';

export const today = (): string => dayjs().format('YYYY-MM-DD');
export const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format('YYYY-MM-DD');
export const monthStart = (): string => dayjs().startOf('month').format('YYYY-MM-DD');
export const yearStart = (): string => dayjs().startOf('year').format('YYYY-MM-DD');
