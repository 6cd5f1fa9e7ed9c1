import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '../../lib/use-page-title';
import { AuditPanel, ProductList, SupplierList } from './AdminLists';
import { ApplicationsPanel } from './ApplicationsPanel';
import { BulkImportPanel } from './BulkImportPanel';
import { FinancePanel } from './FinancePanel';
import { OutboxPanel } from './OutboxPanel';
import { SupplierAccessPanel } from './SupplierAccessPanel';
import './admin.css';

/** Spec 2's quick actions: the other staff tools. */
const QUICK_ACTIONS = [
  { href: '/scraper', label: 'Scraper', text: 'Find suppliers on directory sites.' },
  { href: '/customer-dashboard', label: 'Sales workspace', text: 'Prospects, outreach and targets.' },
  { href: '/internal-analytics', label: 'Analytics', text: 'Outreach and performance.' },
] as const;

/**
 * /admin (role admin): bulk imports of suppliers and price lists into the market every quote is
 * computed from, the supplier and product lists, supplier standing, quick actions and the latest
 * changes, and the books (Finance). The route's gate signs the person in first.
 */
export default function AdminPage() {
  usePageTitle('Admin Dashboard');
  // Bumped after each write, so the lists and the audit log read again.
  const [refresh, setRefresh] = useState(0);
  const changed = useCallback(() => setRefresh((n) => n + 1), []);
  return (
    <div className="container page stack">
      <div className="hero">
        <h1>Admin Dashboard</h1>
        <p className="muted">Suppliers and price lists imported here are quoted from at once. Every change is recorded below.</p>
      </div>
      <nav className="card" aria-labelledby="admin-quick">
        <h2 id="admin-quick">Quick actions</h2>
        <ul className="quick-actions">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.href}>
              <Link href={a.href}>{a.label}</Link>
              <span className="small muted"> {a.text}</span>
            </li>
          ))}
        </ul>
      </nav>
      <ApplicationsPanel refresh={refresh} onChanged={changed} />
      <section className="card stack" aria-labelledby="admin-import-suppliers">
        <h2 id="admin-import-suppliers">Bulk add suppliers</h2>
        <BulkImportPanel kind="supplier" onImported={changed} />
      </section>
      <section className="card stack" aria-labelledby="admin-import-products">
        <h2 id="admin-import-products">Bulk add products</h2>
        <BulkImportPanel kind="product" onImported={changed} />
      </section>
      <section className="card" aria-labelledby="admin-import-mixed">
        <details className="admin-more">
          <summary>
            <h2 id="admin-import-mixed" className="summary-heading">
              Suppliers and products in one paste
            </h2>
          </summary>
          <BulkImportPanel kind="mixed" onImported={changed} />
        </details>
      </section>
      <SupplierList refresh={refresh} onChanged={changed} />
      <SupplierAccessPanel refresh={refresh} onChanged={changed} />
      <ProductList refresh={refresh} />
      <AuditPanel refresh={refresh} />
      <OutboxPanel refresh={refresh} />
      <FinancePanel />
    </div>
  );
}
