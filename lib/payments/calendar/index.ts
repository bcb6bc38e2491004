export {
  type IsoDate,
  isIsoDate,
  isRfc3339DateTime,
  reykjavikDateOf,
  todayInReykjavik,
  toExecutionDateTime,
} from './date-time';
export {
  adjustToBankingDay,
  DEFAULT_EXECUTION_RULE,
  type ExecutionDate,
  type ExecutionScheduleInput,
  nextExecutionDates,
} from './execution-dates';
export {
  addIsoDays,
  type BankHoliday,
  type ClosedDay,
  closedDayOf,
  easterSunday,
  icelandicBankHolidays,
  isBankHoliday,
  isBankingDay,
} from './holidays';
