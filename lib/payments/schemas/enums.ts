// Spec 2.4 enumerations used by the request bodies (their schemas are in shared.ts; the forms list
// these without loading zod).
export const CHARGE_BEARERS = ['DEBT', 'CRED', 'SHAR', 'SLEV'] as const;
export const EXECUTION_RULES = ['following', 'preceding'] as const;
export const FREQUENCY_CODES = [
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
] as const;
/** "1".."31" without leading zeroes; "31" means the last day of the month. */
export const DAYS_OF_EXECUTION = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
] as const;

export type ChargeBearer = (typeof CHARGE_BEARERS)[number];
export type ExecutionRule = (typeof EXECUTION_RULES)[number];
export type FrequencyCode = (typeof FREQUENCY_CODES)[number];
export type DayOfExecution = (typeof DAYS_OF_EXECUTION)[number];
