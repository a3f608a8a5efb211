import type { ReactNode } from 'react';
import { AppHeader } from './AppHeader';

/** Every screen's frame: the header, the screen itself, and an optional footer. */
export function PageLayout({ children, footer, mainClassName }: { children: ReactNode; footer?: ReactNode; mainClassName?: string }) {
  return (
    <div className="page">
      <AppHeader />
      <main id="main" className={mainClassName ? `page-main ${mainClassName}` : 'page-main'}>
        {children}
      </main>
      {footer}
    </div>
  );
}
