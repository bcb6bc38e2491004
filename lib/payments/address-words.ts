import type { Locale } from '@/lib/i18n/routing';
import type { StoryAddress } from './story';

/**
 * An address on one line, its country by name in `locale`: "Friedrichstraße 10, 10117 Berlín, Þýskaland".
 * In a module of its own, so that the payment page's client components read it without the story's.
 */
export function addressInWords(address: StoryAddress, locale: Locale): string {
  return [...address.lines, address.country?.[locale]].filter(Boolean).join(', ');
}
