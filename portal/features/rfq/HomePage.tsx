import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { emailNotSentMessage, MAX_QUANTITY, singularUnit, toQuantity, type RfqFormValues } from '../../../sdk/rules';
import { formApi, sendRfq, submissionFailure } from '../../../widget/app/api';
import { fieldErrorsOf } from '../../../widget/ui/field-errors';
import { formatNumber, formatRand } from '../../../sdk/format';
import type { BasketRequestFormProps } from '../../../widget/app/BasketRequestForm';
import { ProcessingScreen } from '../../../widget/app/ProcessingScreen';
import { QuoteRequestForm } from '../../../widget/app/QuoteRequestForm';
import { useRfqForm, type RfqForm } from '../../../widget/app/use-rfq-form';
import { useToast } from '../../components/ui/toast';
import { listedOnly } from '../../lib/analytics';
import { siteAnalytics } from '../../lib/site-analytics';
import { useFormAnalytics } from './use-form-analytics';
import { usePrefillFromSavedDetails } from './saved-details-prefill';
import type { ProductSuggestion, QuotePreview, SupplierMatch } from '../../../sdk/schemas/catalogue';
import type { RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import { SENT_TOAST, sentSummary, type FreshSubmission } from '../../lib/fresh-submission';
import { keepQuoteTokens } from '../../lib/submission-tokens';
import { useSiteFigures } from '../../lib/site-figures';
import { takeTyped } from '../../lib/typed-before-start';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import './rfq.css';

// Many products at once: the form and the full request schema load only when the buyer asks for it.
// The basket form and the reader of its paste box load together, once the buyer asks for more products.
const BasketRequestForm = lazy(async () => {
  const [{ default: Form }, { readPastedList }] = await Promise.all([import('../../../widget/app/BasketRequestForm'), import('./basket-paste')]);
  return { default: (props: Omit<BasketRequestFormProps, 'readPaste'>) => <Form {...props} readPaste={readPastedList} /> };
});

/**
 * The quantity a preview is asked for: the form's, or 1 while it is empty; null while it is not a
 * whole number from 1 to MAX_QUANTITY, when the quantity field says why and no figure is shown.
 */
function previewQuantity(quantity: string): string | null {
  const text = quantity.trim() || '1';
  const n = toQuantity(text) as number;
  return Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? text : null;
}

/** The preview of the form's request at quantity `asked` ({@link previewQuantity}); none while that is null. */
function usePreview(values: RfqFormValues, asked: string | null) {
  const { productName, deliveryLocation, supplierCount } = values;
  const preview = useLoad(
    productName.trim().length < 2 || asked === null
      ? null
      : (signal) => formApi.preview({ productName, quantity: asked, deliveryLocation, supplierCount }, signal),
    [productName, asked, deliveryLocation, supplierCount],
    { delayMs: 250 },
  );
  return preview.data ?? null;
}

const COVERAGE_TEXT = { verified: 'Verified local suppliers', good: 'Good coverage', delivery: 'Delivery available', none: 'No coverage yet' } as const;

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A city's coverage, each figure said with what it counts: only verified suppliers are called verified. */
function cityLine(city: NonNullable<SupplierMatch['cityData']>): string {
  if (city.coverage === 'verified') {
    const verified = count(city.verifiedSuppliers, 'verified local supplier', 'verified local suppliers');
    return city.suppliers > city.verifiedSuppliers ? `${verified} (${city.suppliers} based here)` : verified;
  }
  return city.suppliers > 0 ? `${COVERAGE_TEXT[city.coverage]} · ${count(city.suppliers, 'supplier', 'suppliers')} based here` : COVERAGE_TEXT[city.coverage];
}

/** The pages for partners and developers, linked from the home page's side column. */
const EXPLORE: [href: string, label: string][] = [
  ['/embed-benefits', 'Embed benefits'],
  ['/docs', 'API documentation'],
  ['/api-registration', 'API registration'],
  ['/widget-configurator', 'Widget configurator'],
  ['/widget-demo', 'Widget demo'],
  ['/data-platform', 'Data platform'],
  ['/privacy-compliance', 'Privacy and compliance'],
  ['/embed-demo', 'Embed examples'],
  ['/quote-tracker', 'Quote tracker'],
];

/** The form's live sidebar: cost preview, supplier matching, this month's popular products. */
export function Sidebar({ form, onPreview, basket = false }: { form: RfqForm; onPreview?(preview: QuotePreview | null): void; basket?: boolean }) {
  const asked = previewQuantity(form.values.quantity);
  const preview = usePreview(form.values, asked);
  const told = useRef(onPreview);
  told.current = onPreview;
  useEffect(() => told.current?.(preview), [preview]);
  // With the page's figures: the home page arrives with them, so it fetches no API client to show them.
  const { figures, failed } = useSiteFigures();
  const popular = failed ? [] : (figures?.popularProducts ?? null);
  const cost = preview?.costPreview;
  const match = preview?.supplierMatch;
  // Coverage figures mean something only once the buyer has said where to deliver, by a name Procura knows.
  const located = form.values.deliveryLocation.trim().length >= 2 && match?.locationMatch !== 'unknown';
  const requested = popular?.filter((p) => p.rfqCount > 0) ?? [];
  // The preview and the matching read the one-product form: a basket's own prices come with its quotes.
  if (basket) {
    return (
      <aside className="sidebar" aria-label="Your request at a glance">
        <section className="card" aria-labelledby="basket-glance-title">
          <h2 id="basket-glance-title" className="card-title">
            Your basket
          </h2>
          <p className="small muted">
            Each supplier prices every product it can supply, line by line, and the results show the cheapest split beside the best single supplier. The live
            cost preview is for one product at a time.
          </p>
        </section>
      </aside>
    );
  }
  return (
    <aside className="sidebar" aria-label="Your request at a glance">
      <section className="card" aria-labelledby="cost-title" aria-live="polite">
        <h2 id="cost-title" className="card-title">
          Live Cost Preview
        </h2>
        {cost ? (
          <>
            <p className="big-figure">
              {formatRand(cost.totalCost)} <span className="small muted">excl. VAT</span>
            </p>
            <p className="small muted">
              {formatRand(cost.totalCostInclVat)} incl. VAT ({Math.round(cost.vatRate * 100)}%) · {formatRand(cost.unitPrice)} per{' '}
              {singularUnit(cost.unitInfo.unit)} excl. VAT · range {formatRand(cost.priceRange.min)} to {formatRand(cost.priceRange.max)}
            </p>
            {cost.discount > 0 ? (
              <p className="small">
                <span className="badge badge-success">{cost.discount}% volume discount</span> saves about {formatRand(cost.savings)}
              </p>
            ) : null}
            <p className="hint">{cost.note}</p>
          </>
        ) : (
          <p className="small muted">
            {form.values.productName.trim().length >= 2 && asked === null
              ? 'Enter the quantity in digits, like 1000, to see an estimate.'
              : 'Type a product name to see an estimate.'}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="match-title" aria-live="polite">
        <h2 id="match-title" className="card-title">
          Supplier Matching
        </h2>
        {match ? (
          <dl className="facts small">
            <dt>Category</dt>
            <dd>{match.categoryName}</dd>
            {located ? (
              <>
                <dt>{cost?.basis === 'estimate' ? 'Can quote an estimate' : 'Can supply this order'}</dt>
                <dd>{match.totalSuppliers}</dd>
                {match.cityData ? (
                  <>
                    <dt>Serving {match.cityData.name}</dt>
                    <dd>{cityLine(match.cityData)}</dd>
                  </>
                ) : null}
                <dt>Expected quotes</dt>
                <dd>{match.expectedQuotes}</dd>
                <dt>Competition</dt>
                <dd>{match.marketInsights.competition}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="small muted">Matching suppliers appear as you describe your request.</p>
        )}
        {match && (!located || cost?.basis === 'estimate') ? <p className="small">{match.marketInsights.availability}</p> : null}
        {match?.marketInsights.recommendation ? <p className="small">{match.marketInsights.recommendation}</p> : null}
      </section>
      <section className="card" aria-labelledby="popular-title">
        <h2 id="popular-title" className="card-title">
          Popular This Month
        </h2>
        {popular === null ? (
          <div className="skeleton" style={{ height: '6rem' }} />
        ) : requested.length > 0 ? (
          <ul className="popular">
            {requested.map((p) => (
              <li key={p.id}>
                <button type="button" className="popular-item" onClick={() => form.fillProduct(p)}>
                  <span className="suggestion-name">{p.name}</span>
                  <span className="small muted">
                    {p.rfqCount} {p.rfqCount === 1 ? 'request' : 'requests'} this month
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <>
            <p className="small muted">No requests yet this month.</p>
            {popular.length > 0 ? (
              <>
                <p className="small">Start from one of these:</p>
                <ul className="popular">
                  {popular.map((p) => (
                    <li key={p.id}>
                      <button type="button" className="popular-item" onClick={() => form.fillProduct(p)}>
                        <span className="suggestion-name">{p.name}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )}
      </section>
      <section className="card" aria-labelledby="why-title">
        <h2 id="why-title" className="card-title">
          Why Choose Procura
        </h2>
        <ul className="why small">
          <li>
            <strong>Real prices.</strong> Every quote comes from a supplier’s own price list, with VAT shown.
          </li>
          <li>
            <strong>Matched suppliers.</strong> Chosen by what they stock, where they deliver and how reliably.
          </li>
          <li>
            <strong>No account.</strong> Quotes on screen and by e-mail within a minute.
          </li>
        </ul>
      </section>
      <nav className="card" aria-labelledby="explore-title">
        <h2 id="explore-title" className="card-title">
          Explore
        </h2>
        <ul className="explore small">
          {EXPLORE.map(([href, label]) => (
            <li key={href}>
              <Link href={href}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Home: the quote request form, in steps or compact, with the live sidebar. */
export default function HomePage() {
  usePageTitle('Request quotes');
  const base = useRfqForm();
  // What the buyer typed before the page's script started, put back once it has.
  useEffect(() => {
    // A supplier's page links here with its main category as the product (`/?product=…`); what the buyer typed wins.
    const product = new URLSearchParams(window.location.search).get('product')?.trim().slice(0, 200);
    if (product) base.setField('productName', product);
    for (const field of ['productName', 'productDescription', 'quantity', 'deliveryLocation'] as const) {
      const value = takeTyped(`rfq-${field}`);
      if (value !== undefined) base.setField(field, value);
    }
  }, [base.setField]);
  usePrefillFromSavedDetails(base);
  // The catalogue product the buyer chose: the only product name analytics may send.
  const picked = useRef<ProductSuggestion | null>(null);
  const form: RfqForm = {
    ...base,
    fillProduct: (p) => {
      picked.current = p;
      return base.fillProduct(p);
    },
  };
  const interactions = useFormAnalytics(form.values, siteAnalytics);
  const lastPreview = useRef<QuotePreview | null>(null);
  const interest = useRef('');
  const onPreview = (preview: QuotePreview | null) => {
    lastPreview.current = preview;
    const product = picked.current;
    const productName = listedOnly(form.values.productName, product?.name);
    const quantity = Number(form.values.quantity);
    if (!preview || !product || !productName || !Number.isInteger(quantity) || quantity < 1) return;
    if (interest.current === `${productName}|${quantity}`) return;
    interest.current = `${productName}|${quantity}`;
    const total = preview.costPreview.totalCost;
    siteAnalytics.track('product-interest', { productName, category: product.category, quantity, ...(total > 1000 ? { priceViewed: total } : {}) });
  };
  const [compact, setCompact] = useState(false);
  // Many products at once: the basket form, opened on its lines or on its paste box.
  const [basket, setBasket] = useState<{ paste: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const [, navigate] = useLocation();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  /** Tells the buyer what happened and opens the results; answers whether there are results to open. */
  const sent = (body: RfqSubmitResponse | undefined, email: string): body is RfqSubmitResponse => {
    const notSent = body ? emailNotSentMessage(body.emailDelivery?.notSent ?? []) : null;
    const fresh: FreshSubmission = { email, count: body?.quotes.length ?? 0, notSent };
    // What happened, as the results page then says it in its own panel, where it covers nothing.
    toast({ title: 'Request Submitted Successfully!', description: sentSummary(fresh), key: SENT_TOAST });
    if (!body?.rfqId) {
      setPending(false);
      toast({ title: 'Warning', description: 'Quote submitted but unable to show details. Check your email.' });
      return false;
    }
    keepQuoteTokens(body.rfqId, body.quotes);
    redirect.current = setTimeout(() => navigate(`/quote-success?rfqId=${body.rfqId}`, { state: { fresh } }), 100);
    return true;
  };

  const submit = async (values: RfqFormValues) => {
    if (pending) return;
    setPending(true);
    interactions.submitted();
    try {
      const body = await sendRfq(values);
      if (!sent(body, values.primaryEmail)) return;
      const preview = lastPreview.current;
      const quoted = body.quotes.length > 0 ? body.quotes.reduce((sum, q) => sum + q.totalPrice, 0) / body.quotes.length : 0;
      siteAnalytics.track('quote-request', {
        productName: listedOnly(values.productName, picked.current?.name),
        quantity: body.quantity,
        estimatedValue: Math.round((preview?.costPreview.totalCost ?? quoted) * 100) / 100,
        location: preview?.supplierMatch.cityData?.name,
      });
    } catch (err) {
      setPending(false);
      const fields = fieldErrorsOf(err);
      if (fields) form.showServerErrors(fields);
      toast({ ...submissionFailure(err), variant: 'destructive' });
    }
  };

  return (
    <div className="container page">
      <div className="hero">
        <h1>Get quotes from South African suppliers in seconds</h1>
        <p className="muted">Describe what you need. Matched suppliers quote from their own price lists, on screen and by e-mail, with no account.</p>
      </div>
      <div className="configurator-grid home-grid">
        <section className="card" aria-label="Quote request" {...interactions.handlers}>
          {pending ? (
            <ProcessingScreen />
          ) : (
            <>
              <div className="presentation-toggle" role="group" aria-label="Form layout" hidden={basket !== null}>
                <button type="button" className="button button-ghost" aria-pressed={!compact} onClick={() => setCompact(false)}>
                  Step by step
                </button>
                <button type="button" className="button button-ghost" aria-pressed={compact} onClick={() => setCompact(true)}>
                  All on one page
                </button>
              </div>
              {basket ? (
                <Suspense fallback={<div className="skeleton" style={{ height: '20rem' }} role="status" aria-label="Loading the form for many products" />}>
                  <BasketRequestForm
                    initial={form.values}
                    paste={basket.paste}
                    send={async (input) => {
                      interactions.submitted();
                      sent(await formApi.submitBasket(input), input.primaryEmail);
                    }}
                    onSingle={(first) => {
                      if (first) {
                        form.setField('productName', first.productName);
                        form.setField('quantity', first.quantity);
                      }
                      setBasket(null);
                    }}
                  />
                </Suspense>
              ) : (
                <QuoteRequestForm
                  form={form}
                  compact={compact}
                  pending={pending}
                  onSubmit={submit}
                  productActions={
                    <div className="basket-start">
                      <button type="button" className="button button-ghost" onClick={() => setBasket({ paste: false })}>
                        Add another product
                      </button>
                      <button type="button" className="button button-ghost" onClick={() => setBasket({ paste: true })}>
                        Paste a list
                      </button>
                    </div>
                  }
                />
              )}
            </>
          )}
        </section>
        <Sidebar form={form} onPreview={onPreview} basket={basket !== null} />
      </div>
    </div>
  );
}
