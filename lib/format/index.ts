// Kept with the kennitala rules it reads; exported here so that every display comes from one module.
export { formatKennitala } from '@/lib/payments/accounts/kennitala';
export { type AccountDisplay, accountAsKnown, accountDisplay } from './account';
export { formatAmount, formatAmounts } from './amount';
export { formatDate, formatDateTime } from './date';
export { formatNumber, withShownNumbers } from './number';
