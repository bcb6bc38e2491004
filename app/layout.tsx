import type { ReactNode } from 'react';
import './globals.css';

// The document itself is drawn by SiteFrame, in the locale's layout or in the root not-found page;
// Next.js asks for a root layout above both.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
