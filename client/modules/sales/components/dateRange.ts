// Ventas' list filters name their date range dateFrom / dateTo (the API's names).
import type { DateRangeKeys } from '../../../components/DateRangeFilter';

export const SALES_RANGE_KEYS: DateRangeKeys = { from: 'dateFrom', to: 'dateTo' };
