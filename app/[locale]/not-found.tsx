import { NotFoundMessage } from '@/components/layout/not-found-message';

// Shown in the site's frame and the page's language for every notFound() under a locale: another
// PSU's payment or bill, a locale's page without its object. An address no route matches gets the
// root not-found page (app/not-found.tsx), in the address's language.
export default function LocaleNotFound() {
  return <NotFoundMessage />;
}
