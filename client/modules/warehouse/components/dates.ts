// Calendar dates as the server wants them (AAAA-MM-DD), in the browser's
// zone (the company works on Mexico City time).
import dayjs from 'dayjs';

export const todayIso = (): string => dayjs().format('YYYY-MM-DD');
export const daysAgoIso = (days: number): string => dayjs().subtract(days, 'day').format('YYYY-MM-DD');
export const monthStartIso = (): string => dayjs().startOf('month').format('YYYY-MM-DD');
