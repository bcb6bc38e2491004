/** Characters as the bank counts them (Unicode code points): an emoji counts once. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}
