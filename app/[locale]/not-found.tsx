import { NotFoundMessage } from '@/components/layout/not-found-message';

// Shown in the site's frame and the page's language for every notFound() under a locale: an
// unknown address (./[...rest]), another PSU's payment or bill, a locale's page without its object.
export default function LocaleNotFound() {
  return <NotFoundMessage />;
}
