import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

// The icons and the web app manifest are files in public/ (scripts/render-icons.mjs draws the PNG and ICO
// ones from icon.svg); every page, the not-found pages too, links them.
export const metadata: Metadata = {
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '16x16 32x32 48x48' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: [{ url: '/apple-touch-icon.png', sizes: '180x180' }],
  },
  manifest: '/manifest.webmanifest',
};

export const viewport: Viewport = { themeColor: '#0b4f6c' };

// The document itself is drawn by SiteFrame, in the locale's layout or in the root not-found page;
// Next.js asks for a root layout above both.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
