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

/**
 * A CSV cell as spreadsheets read it safely: defused (above), and quoted where it holds a quote, a line break, a
 * semicolon (which spreadsheets in Icelandic take for the separator) or the file's separator.
 */
export function csvCell(value: string | number | null | undefined, separator = ','): string {
  const text = defuseFormula(value === null || value === undefined ? '' : String(value));
  return new RegExp(`[",\\n\\r;${separator}]`).test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
