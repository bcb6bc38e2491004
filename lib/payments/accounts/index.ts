export {
  accountWarnings,
  type DomesticAccount,
  type DomesticIbanResult,
  domesticAccountToIban,
  formatDomesticAccount,
  ibanToDomesticAccount,
  parseDomesticAccount,
} from './domestic-account';
export { ibanCheckDigits, isValidIbanChecksum, normalizeIban } from './iban';
export { checkKennitala, formatKennitala, type KennitalaCheck, normalizeKennitala } from './kennitala';
export { isMaskedPan, MASKED_PAN_PATTERN } from './masked-pan';
