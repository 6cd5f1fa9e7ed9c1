import { LinkButtons } from '../../components/ui/link-buttons';
import { ContactDetails } from '../../components/ContactDetails';
import { usePageTitle } from '../../lib/use-page-title';

/** /demo-success: the booking arrived; what happens next and how to reach us. */
export default function DemoSuccessPage() {
  usePageTitle('Demo requested');
  return (
    <div className="container page">
      <section className="card success-panel narrow stack" aria-labelledby="demo-success-title">
        <h1 id="demo-success-title">Thank you, your demo request is in</h1>
        <p>Our sales team has your request now. We reply within 24 hours to agree a time that suits you.</p>
        <div className="next-steps">
          <h2>Next steps</h2>
          <ol>
            <li>Look out for our e-mail or call within 24 hours.</li>
            <li>Pick a 30-minute slot for an online demo.</li>
            <li>Have a list of what you buy and where it is delivered: we quote it live.</li>
          </ol>
        </div>
        <div className="contact-block">
          <h2>Need us sooner?</h2>
          <ContactDetails className="plain-list unmarked" />
        </div>
        <LinkButtons links={[{ href: '/', label: 'Request quotes now' }]} />
      </section>
    </div>
  );
}
