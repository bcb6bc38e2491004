import { notFound } from 'next/navigation';

// Any address under /is/ or /en/ that no page answers reaches the localised not-found page.
export default function UnknownPage() {
  notFound();
}
