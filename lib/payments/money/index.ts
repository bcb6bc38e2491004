export {
  AMOUNT_PATTERN,
  amountMarks,
  type CurrencyTotal,
  fractionDigits,
  fractionFits,
  fromMinorUnits,
  isPositiveAmount,
  type ParseAmountResult,
  parseAmountInput,
  sameAmount,
  sumByCurrency,
  toMinorUnits,
} from './amount';
export { MINOR_UNITS, minorUnits } from './minor-units';
