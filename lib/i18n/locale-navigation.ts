import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** next-intl's navigation for our locales; import from ./navigation, whose `Link` prefetches on intent. */
export const { Link: LocaleLink, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
