import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ReactNode } from 'react';

/** One panel of the console: a section named by its heading. */
export function AdminPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="admin-panel" aria-labelledby={`admin-${id}-title`}>
      <h2 id={`admin-${id}-title`} className="admin-panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A search box of a panel's list; `label` is also its placeholder. */
export function AdminSearch({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Input
      className="admin-search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
