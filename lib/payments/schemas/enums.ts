import { z } from 'zod';
import { issueMessage } from './issue-message';

// Spec 2.4 enumerations used by the request bodies.
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

export const ChargeBearerSchema = z.enum(CHARGE_BEARERS, {
  error: issueMessage('validation.chargeBearer.enum'),
});
export const ExecutionRuleSchema = z.enum(EXECUTION_RULES, {
  error: issueMessage('validation.executionRule.enum'),
});
export const FrequencyCodeSchema = z.enum(FREQUENCY_CODES, {
  error: issueMessage('validation.frequency.enum'),
});
export const DayOfExecutionSchema = z.enum(DAYS_OF_EXECUTION, {
  error: issueMessage('validation.dayOfExecution.enum'),
});

export type ChargeBearer = (typeof CHARGE_BEARERS)[number];
export type ExecutionRule = (typeof EXECUTION_RULES)[number];
export type FrequencyCode = (typeof FREQUENCY_CODES)[number];
export type DayOfExecution = (typeof DAYS_OF_EXECUTION)[number];
