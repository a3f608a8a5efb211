import type { ReactNode } from 'react';
import { BeianFooter } from '../features/site/BeianFooter';
import { PageLayout } from './PageLayout';

/** Login, registration and similar short forms: one centred card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <PageLayout mainClassName="auth-main" footer={<BeianFooter />}>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </section>
    </PageLayout>
  );
}
