import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ADMIN_EXPORTS } from '../../../contract/client/admin';
import { formatDate, formatNumber, formatRand, formatTime } from '../../../sdk/format';
import { auditActionText, type AuditLog } from '../../../contract/schemas/audit';
import type { AdminProductPage, AdminSupplier, AdminSupplierPage } from '../../../contract/schemas/admin';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Switch } from '../../components/ui/switch';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorText, useLoad } from '../../lib/use-load';
import { errorMessage } from '../../lib/api-errors';
import { ComplianceEdit } from './ComplianceEdit';
import { ReadinessBadge } from './ReadinessBadge';
import { DataTable } from '../../components/ui/data-table';

const PAGE_SIZE = 20;

function Search({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function Pager({ page, pageSize, total, what, onPage }: { page: number; pageSize: number; total: number; what: string; onPage(page: number): void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="button-row pager" aria-label={`Pages of ${what}`}>
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="small muted">
        Page {page} of {formatNumber(pages)} · {formatNumber(total)} {what}
      </span>
      <button type="button" className="button button-secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A supplier's standing: verified (a switch); each change is audited. Its figures are earned, never typed here. */
function Standing({ supplier, onSaved }: { supplier: AdminSupplier; onSaved(s: AdminSupplier): void }) {
  const toast = useToast();
  const save = async (input: { verified: boolean }) => {
    try {
      const saved = await staffApi().admin.setStanding(supplier.id, input);
      onSaved(saved);
      toast({ title: 'Standing saved', description: `${saved.name}: ${saved.verified ? 'verified' : 'not verified'}.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  };
  const label = `supplier-${supplier.id}-verified`;
  return (
    <td>
      <span id={label} className="visually-hidden">
        Verified: {supplier.name}
      </span>
      <Switch checked={supplier.verified} labelledBy={label} onChange={(verified) => void save({ verified })} />
    </td>
  );
}

/** The buyers' rating as the record has it: "4.6 from 12 buyers", or the count alone before 3. */
function ratingCell(s: AdminSupplier): string {
  if (s.rating.average !== null) return `${s.rating.average.toFixed(1)} from ${formatNumber(s.rating.count)} buyers`;
  return s.rating.count === 0 ? 'no rating yet' : `${formatNumber(s.rating.count)} ${s.rating.count === 1 ? 'rating' : 'ratings'}, new on Procura`;
}

/** The suppliers: paged, searchable, newest first, with their standing to edit and a CSV export. */
export function SupplierList({ refresh, onChanged }: { refresh: number; onChanged(): void }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [edited, setEdited] = useState<Record<number, AdminSupplier>>({});
  const load = useLoad<AdminSupplierPage>(
    (signal) => staffApi().admin.suppliers({ q: q.trim() || undefined, page, pageSize: PAGE_SIZE }, { signal }),
    [q, page, refresh],
    { delayMs: 200 },
  );
  useEffect(() => setEdited({}), [load.data]);
  const data = load.data;
  return (
    <section className="card stack" aria-labelledby="admin-suppliers">
      <div className="card-title">
        <h2 id="admin-suppliers">Suppliers</h2>
        <a className="button button-secondary" href={ADMIN_EXPORTS.suppliers} download>
          Export CSV
        </a>
      </div>
      <Search
        id="admin-supplier-search"
        label="Search suppliers by name, e-mail or city"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      {load.status === 'error' ? <ErrorAlert title="Suppliers not loaded" message={errorText(load.error)} inline /> : null}
      {data ? (
        data.suppliers.length === 0 ? (
          <p className="muted small">{q.trim() ? 'No supplier matches.' : 'No suppliers yet. Import some above.'}</p>
        ) : (
          <>
            <DataTable
              label="Suppliers on this page"
              heads={['Id', 'Name', 'City', 'Categories', 'Orders', 'Receipts', 'On time and in full', 'Rating', 'Products', 'Verified', 'Tax and B-BBEE']}
              busy={load.status === 'loading'}
            >
              {data.suppliers.map((row) => {
                const s = edited[row.id] ?? row;
                return (
                  <tr key={s.id}>
                    <td>{s.id}</td>
                    <td>
                      <Link href={`/admin/suppliers/${s.id}`}>{s.name}</Link>
                      <div className="small muted">{s.email}</div>
                      <ReadinessBadge readiness={s.readiness} />
                      {s.mailStoppedAt ? (
                        <div className="small">
                          <span className="badge">E-mails stopped</span> {formatDate(s.mailStoppedAt)}: not quoted until it joins
                        </div>
                      ) : null}
                    </td>
                    <td>{s.city}</td>
                    <td>{s.categories.join(', ')}</td>
                    <td>{formatNumber(s.orders)}</td>
                    <td>{formatNumber(s.receipts)}</td>
                    <td>{s.onTimeRate === null ? <span className="muted">new on Procura</span> : `${s.onTimeRate}%`}</td>
                    <td>{ratingCell(s)}</td>
                    <td>{formatNumber(s.products)}</td>
                    <Standing
                      supplier={s}
                      onSaved={(saved) => {
                        setEdited((e) => ({ ...e, [saved.id]: saved }));
                        onChanged();
                      }}
                    />
                    <td>
                      <ComplianceEdit
                        key={`${s.vatNumber}|${s.registeredAddress}|${s.bbeeLevel}|${s.bbeeEvidence}|${s.bbeeExpiresOn}`}
                        supplier={s}
                        onSaved={(saved) => {
                          setEdited((e) => ({ ...e, [saved.id]: saved }));
                          onChanged();
                        }}
                      />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} what="suppliers" onPage={setPage} />
          </>
        )
      ) : load.status === 'loading' ? (
        <div className="skeleton" style={{ height: '6rem' }} role="status" aria-label="Loading suppliers" />
      ) : null}
    </section>
  );
}

/** The products (each supplier's price for an item): paged, searchable, newest first, with a CSV export. */
export function ProductList({ refresh }: { refresh: number }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const load = useLoad<AdminProductPage>(
    (signal) => staffApi().admin.products({ q: q.trim() || undefined, page, pageSize: PAGE_SIZE }, { signal }),
    [q, page, refresh],
    { delayMs: 200 },
  );
  const data = load.data;
  return (
    <section className="card stack" aria-labelledby="admin-products">
      <div className="card-title">
        <h2 id="admin-products">Products</h2>
        <a className="button button-secondary" href={ADMIN_EXPORTS.products} download>
          Export CSV
        </a>
      </div>
      <Search
        id="admin-product-search"
        label="Search products by name, supplier or category"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      {load.status === 'error' ? <ErrorAlert title="Products not loaded" message={errorText(load.error)} inline /> : null}
      {data ? (
        data.products.length === 0 ? (
          <p className="muted small">{q.trim() ? 'No product matches.' : 'No products yet. Import a price list above.'}</p>
        ) : (
          <>
            <DataTable label="Products on this page" heads={['Product', 'Supplier', 'Category', 'Price excl. VAT']} busy={load.status === 'loading'}>
              {data.products.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>
                    {p.supplierName} <span className="muted">#{p.supplierId}</span>
                  </td>
                  <td>{p.categoryName}</td>
                  <td>
                    {formatRand(p.price)} per {p.unit.replace(/s$/, '')}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} what="products" onPage={setPage} />
          </>
        )
      ) : load.status === 'loading' ? (
        <div className="skeleton" style={{ height: '6rem' }} role="status" aria-label="Loading products" />
      ) : null}
    </section>
  );
}

/** The latest staff writes: who, what, when and how many rows. */
export function AuditPanel({ refresh }: { refresh: number }) {
  const load = useLoad<AuditLog>((signal) => staffApi().admin.audit(10, { signal }), [refresh]);
  return (
    <section className="card stack" aria-labelledby="admin-audit">
      <h2 id="admin-audit">Latest changes</h2>
      {load.status === 'error' ? <ErrorAlert title="Changes not loaded" message={errorText(load.error)} inline /> : null}
      {load.data ? (
        load.data.entries.length === 0 ? (
          <p className="muted small">No changes yet.</p>
        ) : (
          <ol className="plain-list unmarked audit-list">
            {load.data.entries.map((e) => (
              <li key={e.id}>
                <span className="muted">
                  {formatDate(e.createdAt)} {formatTime(e.createdAt)}
                </span>{' '}
                <strong>{e.staffName}</strong> {auditActionText(e.action)} ({e.rows === 1 ? '1 row' : `${formatNumber(e.rows)} rows`})
                {e.detail ? `: ${e.detail}` : ''}
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
