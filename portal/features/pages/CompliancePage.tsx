import { Link } from 'wouter';
import { certificateIdentity, type SiteVerification } from '../../../sdk/schemas/site';
import { COMPANY, COMPLIANCE_CHECKLISTS, DATA_QUALITY_STANDARDS } from '../../lib/content';
import { useSiteFigures } from '../../lib/site-figures';
import { usePageMeta } from '../../lib/use-page-title';
import { countedAt } from './figures';

function tlsText(v: SiteVerification): string {
  if (v.tls === null) return 'Not checked: the public address is not HTTPS';
  if (!v.tls.protocol) return `The handshake failed (${v.tls.problem})`;
  const trust = v.tls.trusted ? 'trusted' : `not trusted (${v.tls.problem})`;
  return `${v.tls.protocol}, certificate ${trust}${v.tls.issuer ? `, issued by ${v.tls.issuer}` : ''}${v.tls.validTo ? `, valid to ${v.tls.validTo.slice(0, 10)}` : ''}`;
}

function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** /compliance: the compliance certificate, from the live configuration and database, and its PDF. */
export default function CompliancePage() {
  usePageMeta({
    title: 'Compliance certificate',
    description: 'Procura’s compliance certificate: company registration, POPIA, GDPR and CCPA checklists, the site’s TLS verification and our data quality standards.',
  });
  const { figures, failed } = useSiteFigures();
  const identity = figures ? certificateIdentity(figures.asOf) : null;
  const v = figures?.verification;
  return (
    <div className="container page stack">
      <div className="hero hero-with-action">
        <div>
          <h1>Compliance Certificate</h1>
          <p className="lead">How Procura handles personal information and data, checked against the live site.</p>
        </div>
        <div className="button-row">
          <a href="/downloads/compliance-certificate" className="button">
            Download certificate (PDF)
          </a>
          <a href="#registration" className="button button-secondary">
            Business registration
          </a>
          <Link href="/privacy" className="button button-secondary">
            Privacy policy
          </Link>
        </div>
      </div>
      {failed ? <p className="alert alert-danger">The certificate could not be loaded. Please reload the page.</p> : null}

      <article className="card certificate" aria-labelledby="certificate-title">
        <h2 id="certificate-title" className="visually-hidden">
          Certificate
        </h2>
        <dl className="facts">
          <dt>Certificate ID</dt>
          <dd>{identity?.certificateId ?? '…'}</dd>
          <dt>Issued</dt>
          <dd>{identity?.issuedOn ?? '…'}</dd>
        </dl>

        <section id="registration" aria-labelledby="registration-title">
          <h3 id="registration-title">Company registration</h3>
          <dl className="facts">
            <dt>Registered name</dt>
            <dd>{COMPANY.name}</dd>
            <dt>Registration number</dt>
            <dd>
              {COMPANY.registrationNumber} (CIPC, {COMPANY.registeredIn})
            </dd>
            <dt>Registered address</dt>
            <dd>{COMPANY.address}</dd>
            <dt>Information officer</dt>
            <dd>
              <a href={`mailto:${COMPANY.privacyEmail}`}>{COMPANY.privacyEmail}</a>
            </dd>
          </dl>
        </section>

        <div className="checklists">
          {COMPLIANCE_CHECKLISTS.map((list) => (
            <section key={list.id} aria-labelledby={`${list.id}-title`}>
              <h3 id={`${list.id}-title`}>{list.title}</h3>
              <Checklist items={list.items} />
            </section>
          ))}
        </div>

        <section aria-labelledby="verification-title">
          <h3 id="verification-title">Technical verification</h3>
          {v ? (
            <dl className="facts">
              <dt>Domain</dt>
              <dd>{v.domain}</dd>
              <dt>HTTPS</dt>
              <dd>{v.https ? 'Yes, with Strict-Transport-Security' : 'No: the site is not served over HTTPS'}</dd>
              <dt>TLS</dt>
              <dd>{tlsText(v)}</dd>
              <dt>Checked</dt>
              <dd>{countedAt(v.tls?.checkedAt ?? figures.asOf)}</dd>
            </dl>
          ) : (
            <p className="muted">Checking…</p>
          )}
        </section>

        <section aria-labelledby="quality-title">
          <h3 id="quality-title">Data quality standards</h3>
          <Checklist items={DATA_QUALITY_STANDARDS} />
        </section>

        <section aria-labelledby="categories-title">
          <h3 id="categories-title">Categories</h3>
          <ul className="tag-list">
            {figures?.categories
              .filter((c) => c.activeSuppliers > 0)
              .map((c) => (
                <li key={c.id} className="badge">
                  {c.name} ({c.activeSuppliers})
                </li>
              ))}
          </ul>
          <p className="small muted">Active suppliers per category, counted from our database{figures ? ` at ${countedAt(figures.asOf)}` : ''}.</p>
        </section>
      </article>
    </div>
  );
}
