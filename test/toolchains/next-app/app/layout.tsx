import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: 'nqueens-wasm in Next.js',
  description: 'Counts N-Queens solutions in a server component, a client component and a route handler',
  // No icon file: the browser would ask for /favicon.ico and get a 404.
  icons: { icon: 'data:,' },
};

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
