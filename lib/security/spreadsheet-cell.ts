/**
 * What makes a spreadsheet read a cell as a formula when it leads: =, +, -, @, a tab or a carriage
 * return, and their full-width forms (＝＋－＠), which spreadsheets in East Asian locales take as the
 * same. A name, a reference or a message from a bank or a user can begin with any of them.
 */
const FORMULA_LEAD = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The text as a spreadsheet shows it and never runs it: a leading formula character behind a '. */
export function defuseFormula(text: string): string {
  return FORMULA_LEAD.test(text) ? `'${text}` : text;
}
