import { LinkButtons } from '../../components/ui/link-buttons';
import { Fragment } from 'react';
import { certificateIdentity, technicalVerification } from '../../../sdk/schemas/site';
import { COMPANY, COMPLIANCE_CHECKLISTS, DATA_QUALITY_STANDARDS } from '../../lib/content';
import { useSiteFigures } from '../../lib/site-figures';
import { usePageMeta } from '../../lib/use-page-title';
import { formatDate, formatDateTime } from '../../../sdk/format';

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
    description:
      'Procura’s compliance certificate: company registration, POPIA, GDPR and CCPA checklists, the site’s TLS verification and our data quality standards.',
  });
  const { figures, failed } = useSiteFigures();
  const identity = figures ? certificateIdentity(figures.asOf) : null;
  return (
    <div className="container page stack">
      <div className="hero hero-with-action">
        <div>
          <h1>Compliance Certificate</h1>
          <p className="lead">How Procura handles personal information and data, checked against the live site.</p>
        </div>
        <LinkButtons
          links={[
            { href: '/downloads/compliance-certificate', label: 'Download certificate (PDF)', plain: true },
            { href: '#registration', label: 'Business registration', secondary: true, plain: true },
            { href: '/privacy', label: 'Privacy policy', secondary: true },
          ]}
        />
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
          <dd>{identity ? formatDate(identity.issuedOn) : '…'}</dd>
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
          {figures ? (
            <dl className="facts">
              {technicalVerification(figures).map(([label, text]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{text}</dd>
                </Fragment>
              ))}
              <dt>Checked</dt>
              <dd>{formatDateTime(figures.verification.tls?.checkedAt ?? figures.asOf)}</dd>
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
          <p className="small muted">Active suppliers per category, counted from our database{figures ? ` at ${formatDateTime(figures.asOf)}` : ''}.</p>
        </section>
      </article>
    </div>
  );
}
