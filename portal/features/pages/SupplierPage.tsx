import { useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { PublicSupplier } from '../../../contract/schemas/public-supplier';
import { bbeeEvidenceText, bbeeLabel } from '../../../sdk/bbee';
import { formatDate } from '../../../sdk/format';
import { ScorecardBlock } from '../../components/scorecard/ScorecardBlock';
import { usePageData, usePageMissing } from '../../lib/page-data';
import { usePageMeta } from '../../lib/use-page-title';
import NotFoundPage from './NotFoundPage';

/** The home form with the supplier's main category typed in as the product (the form reads `?product=`). */
const quoteLink = (supplier: PublicSupplier) => {
  const main = supplier.categories[0]?.name;
  return main ? `/?product=${encodeURIComponent(main)}` : '/';
};

function useSupplier(slug: string): { supplier: PublicSupplier | null; missing: boolean; failed: boolean } {
  const rendered = usePageData(`/suppliers/${slug}`) as PublicSupplier | null;
  // The server answered 404 with the not-found page: the browser shows the same, asking nothing.
  const renderedMissing = usePageMissing(`/suppliers/${slug}`);
  const [state, setState] = useState<{ supplier: PublicSupplier | null; missing: boolean; failed: boolean }>({
    supplier: rendered,
    missing: renderedMissing,
    failed: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per supplier: the page rendered on the server already holds its supplier, or knows there is none
  useEffect(() => {
    if (rendered?.slug === slug || renderedMissing) return;
    const controller = new AbortController();
    // The client (ky and zod) loads only for a page the server did not render with its supplier.
    const load = async () => {
      const { suppliersApi } = await import('../../lib/api');
      const { isHttpError } = await import('../../../sdk/client/errors');
      try {
        const supplier = await suppliersApi().get(slug, { signal: controller.signal });
        if (!controller.signal.aborted) setState({ supplier, missing: false, failed: false });
      } catch (err) {
        const missing = isHttpError(err) && err.status === 404;
        if (!controller.signal.aborted) setState({ supplier: null, missing, failed: !missing });
      }
    };
    void load();
    return () => controller.abort();
  }, [slug]);
  return state;
}

/** /suppliers/{slug}: a supplier's public page: who it is, where it delivers, its B-BBEE level, VAT registration and track record. */
export default function SupplierPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const { supplier, missing, failed } = useSupplier(slug);
  usePageMeta({
    title: supplier ? `${supplier.name}, ${supplier.city}: supplier on Procura` : 'Supplier',
    description: supplier
      ? `${supplier.name} of ${supplier.city}, ${supplier.province}: where it delivers, its B-BBEE level, VAT registration and its track record on Procura.`
      : undefined,
  });
  if (missing) return <NotFoundPage />;
  if (!supplier) {
    return (
      <div className="container page">
        <p role="status">{failed ? 'This supplier could not be loaded. Please try again later.' : 'Loading the supplier…'}</p>
      </div>
    );
  }
  const main = supplier.categories[0];
  return (
    <div className="container page stack">
      <div className="hero">
        <p className="small">
          <Link href="/suppliers">Supplier directory</Link>
        </p>
        <h1>{supplier.name}</h1>
        <p className="lead">
          Based in {supplier.city}, {supplier.province}.{supplier.verified ? ' Verified by Procura.' : ''}
        </p>
        <p>
          <a className="button" href={quoteLink(supplier)}>
            Request a quote
          </a>
        </p>
        <p className="small muted">
          {main
            ? `The quote form opens with ${main.name}, this supplier's main category, as the product; Procura asks this supplier and others that deliver to you.`
            : 'Procura asks this supplier and others that deliver to you.'}
        </p>
      </div>
      <ScorecardBlock card={supplier.scorecard} />
      <section className="card stack" aria-labelledby="supplier-compliance">
        <h2 id="supplier-compliance">Registration and B-BBEE</h2>
        <dl className="scorecard-figures">
          <div>
            <dt>B-BBEE</dt>
            <dd>
              {bbeeLabel(supplier.bbee)}
              {supplier.bbee.status === 'valid' && supplier.bbee.evidence && supplier.bbee.expiresOn
                ? ` (${bbeeEvidenceText(supplier.bbee.evidence)}, valid until ${formatDate(supplier.bbee.expiresOn)})`
                : ''}
            </dd>
          </div>
          <div>
            <dt>VAT</dt>
            <dd>{supplier.vat.registered ? `Registered, ${supplier.vat.number}` : 'Not registered'}</dd>
          </div>
          <div>
            <dt>Company registration</dt>
            <dd>{supplier.registrationNumber ?? 'None on file'}</dd>
          </div>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="supplier-delivery">
        <h2 id="supplier-delivery">Where it delivers</h2>
        {supplier.deliveryAreas.length === 0 ? (
          <p>No delivery area on file yet.</p>
        ) : (
          <ul>
            {supplier.deliveryAreas.map((area) => (
              <li key={`${area.scope}-${area.name}`}>
                {area.name}: usually {area.leadDays} {area.leadDays === 1 ? 'day' : 'days'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card stack" aria-labelledby="supplier-sells">
        <h2 id="supplier-sells">What it supplies</h2>
        <ul>
          {supplier.categories.map((c) => (
            <li key={c.id}>{c.name}</li>
          ))}
        </ul>
        {supplier.specialties.length > 0 ? <p>Specialties: {supplier.specialties.join(', ')}.</p> : null}
      </section>
    </div>
  );
}
