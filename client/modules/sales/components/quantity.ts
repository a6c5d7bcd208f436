// Quantities show with up to 4 decimals and no trailing zeros ("2.5", "1,200").
import { formatNumber } from '../../../components/format';

export const formatQuantity = (value: string | number | null | undefined): string => formatNumber(value, 4).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
