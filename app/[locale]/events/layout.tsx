import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/layout/client-messages';

/** The events page's client components (forms, subscription actions) read the `events` texts. */
export default function EventsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages namespaces={['events']}>{children}</ClientMessages>;
}
