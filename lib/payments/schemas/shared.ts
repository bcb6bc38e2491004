import * as z from 'zod/mini';
import { isValidIbanChecksum } from '@/lib/payments/accounts/iban';
import { isMaskedPan } from '@/lib/payments/accounts/masked-pan';
import { fractionFits, isPositiveAmount } from '@/lib/payments/money/amount';
import { minorUnits } from '@/lib/payments/money/minor-units';
import { CHARGE_BEARERS, DAYS_OF_EXECUTION, EXECUTION_RULES, FREQUENCY_CODES } from './enums';
import { array, boundedArray, type Layer, maxText, object, rangeText, text } from './fields';
import { issueMessage } from './issue-message';
import { MAX_STRUCTURED_REFERENCES } from './limits';

// Spec 2.4 patterns, anchored: a bound means the whole value matches it.
export const IBAN_PATTERN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;
export const BBAN_PATTERN = /^[a-zA-Z0-9]{1,30}$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const AMOUNT_PATTERN = /^-?[0-9]{1,14}(\.[0-9]{1,3})?$/;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
/**
 * Spec 2.1 creditorAgent, kept exactly as published: a BICFI or "another identification". The
 * second alternative `(^.*$)` matches any single-line string, so in effect only values with a line
 * break and no BIC-like run are refused.
 */
export const CREDITOR_AGENT_PATTERN = /([A-Z]{6,6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3,3}){0,1})|(^.*$)/;
/** The form's creditorAgent: the same pattern over the whole value, i.e. any single line. */
export const CREDITOR_AGENT_FORM_PATTERN = /^(?:([A-Z]{6,6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3,3}){0,1})|(^.*$))$/;

const pattern = (regex: RegExp, key: Parameters<typeof issueMessage>[0]) =>
  text().check(z.regex(regex, { error: issueMessage(key) }));

const currency = () =>
  text().check(
    z.minLength(1, { error: issueMessage('validation.required') }),
    z.regex(CURRENCY_PATTERN, { error: issueMessage('validation.currency.pattern') }),
  );

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

const ACCOUNT_IDS = ['iban', 'bban', 'maskedPan', 'msisdn'] as const;

/** Spec 2.4 AccountReference. Unknown properties are not allowed; every field is a nullable string. */
export function accountReferenceSchema(layer: Layer) {
  const schema = object(
    {
      iban: z.nullish(pattern(IBAN_PATTERN, 'validation.iban.pattern')),
      bban: z.nullish(pattern(BBAN_PATTERN, 'validation.bban.pattern')),
      maskedPan: z.nullish(maxText(35)),
      msisdn: z.nullish(maxText(35)),
      currency: z.nullish(pattern(CURRENCY_PATTERN, 'validation.currency.pattern')),
      cashAccountType: z.nullish(text()),
    },
    true,
  );
  if (layer === 'wire') return schema;
  return schema.check(
    z.superRefine((account, ctx) => {
      if (!ACCOUNT_IDS.some((id) => account[id])) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: issueMessage('validation.account.identifierMissing'),
        });
      }
      // Only one message per field: a value that already fails the bank's pattern gets that message.
      if (account.iban && IBAN_PATTERN.test(account.iban) && !isValidIbanChecksum(account.iban)) {
        ctx.addIssue({ code: 'custom', path: ['iban'], message: issueMessage('validation.iban.invalid') });
      }
      if (account.maskedPan && account.maskedPan.length <= 35 && !isMaskedPan(account.maskedPan)) {
        ctx.addIssue({
          code: 'custom',
          path: ['maskedPan'],
          message: issueMessage('validation.maskedPan.format'),
        });
      }
    }),
  );
}

/** Spec 2.4 Amount: currency and a decimal string with a dot; the form adds decimals per currency and > 0. */
export function amountSchema(layer: Layer) {
  const schema = object(
    {
      currency: currency(),
      amount: text().check(
        z.minLength(1, { error: issueMessage('validation.required') }),
        z.regex(AMOUNT_PATTERN, { error: issueMessage('validation.amount.pattern') }),
      ),
    },
    layer === 'form',
  );
  if (layer === 'wire') return schema;
  return schema.check(
    // One written form: "00001000" is sent, listed and fingerprinted as "1000".
    z.overwrite((value) => ({ ...value, amount: value.amount.replace(/^(-?)0+(?=\d)/, '$1') })),
    z.superRefine(({ amount, currency }, ctx) => {
      if (!AMOUNT_PATTERN.test(amount)) return;
      if (!isPositiveAmount(amount)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: issueMessage('validation.amount.positive'),
        });
      } else if (!fractionFits(amount, currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: issueMessage('validation.amount.fraction', {
            currency,
            digits: minorUnits(currency) ?? 3,
          }),
        });
      }
    }),
  );
}

/** Spec 2.4 Address. */
export function addressSchema(layer: Layer) {
  return object(
    {
      country: pattern(COUNTRY_PATTERN, 'validation.country.pattern'),
      streetName: z.nullish(maxText(70)),
      buildingNumber: z.nullish(text()),
      townName: z.nullish(text()),
      postCode: z.nullish(text()),
    },
    layer === 'form',
  );
}

/** Spec 2.4 RemittanceInformationStructured. */
export function remittanceInformationStructuredSchema(layer: Layer) {
  return object(
    {
      reference: rangeText(1, 35),
      referenceType: z.nullish(maxText(35)),
      referenceIssuer: z.nullish(maxText(35)),
    },
    layer === 'form',
  );
}

/**
 * Structured references of one payment: as many as spec 2.4 allows on the wire, at most
 * MAX_STRUCTURED_REFERENCES from our forms.
 */
export function structuredReferencesSchema(layer: Layer) {
  const element = remittanceInformationStructuredSchema(layer);
  return layer === 'form'
    ? boundedArray(element, MAX_STRUCTURED_REFERENCES, 'validation.structuredReferences.tooMany')
    : array(element);
}

export const AccountReferenceWireSchema = accountReferenceSchema('wire');
export const AccountReferenceSchema = accountReferenceSchema('form');
export const AmountWireSchema = amountSchema('wire');
export const AmountSchema = amountSchema('form');
export const AddressWireSchema = addressSchema('wire');
export const AddressSchema = addressSchema('form');
export const RemittanceInformationStructuredWireSchema = remittanceInformationStructuredSchema('wire');
export const RemittanceInformationStructuredSchema = remittanceInformationStructuredSchema('form');

export type AccountReference = z.infer<typeof AccountReferenceWireSchema>;
export type Amount = z.infer<typeof AmountWireSchema>;
export type Address = z.infer<typeof AddressWireSchema>;
export type RemittanceInformationStructured = z.infer<typeof RemittanceInformationStructuredWireSchema>;
