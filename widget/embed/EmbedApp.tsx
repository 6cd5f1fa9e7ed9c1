import { useEffect, useRef, useState } from 'react';
import { DEMO_REQUEST_NOTICE, EMBED_SOURCE, emailNotSentMessage, type EmailNotSentReason, type EmbedBudgetRange, type RfqFormValues } from '../../sdk/rules';
import { formApi, sendRfq, submissionFailure, type EmbedContext } from '../app/api';
import { fieldErrorsOf } from '../ui/field-errors';
import { ProcessingScreen } from '../app/ProcessingScreen';
import { QuickQuoteForm, type QuickFormValues } from '../app/QuickQuoteForm';
import { QuoteRequestForm } from '../app/QuoteRequestForm';
import { useRfqForm } from '../app/use-rfq-form';
import { PREVIEW_EMBED_ID, type WidgetConfig } from '../../sdk/embed/config';
import { PROTOCOL_VERSION, WIDGET_ERROR, WIDGET_READY, WIDGET_RESIZE, WIDGET_SUCCESS, type WidgetMessage } from '../../sdk/embed/protocol';

/**
 * Posts to the page that frames the widget, only to the origin the loader named, and only when
 * the browser confirms that origin is the parent's (where it can tell).
 */
function hostChannel(config: WidgetConfig, win: Window = window): ((message: WidgetMessage) => void) | null {
  if (win.parent === win || !config.hostOrigin) return null;
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== config.hostOrigin) return null;
  return (message) => win.parent.postMessage(message, config.hostOrigin!);
}

type Outcome =
  | { kind: 'sent'; count: number; email: string; rfqId: string | null; notSent?: string | null; demo?: boolean }
  | { kind: 'failed'; title: string; description: string };

/** The widget inside its iframe: the partner's header, the quote request form, its outcome, the footer. */
export function EmbedApp({ config }: { config: WidgetConfig }) {
  const form = useRfqForm();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [refused, setRefused] = useState<{ fields: Record<string, string> } | null>(null);
  // The form for many products, loaded when the buyer first asks for another product.
  const [basket, setBasket] = useState(false);
  const [BasketRequestForm, setBasketRequestForm] = useState<typeof import('../app/BasketRequestForm').default | null>(null);
  const openBasket = () => {
    setBasket(true);
    setOutcome(null);
    import('../app/BasketRequestForm').then(
      (m) => setBasketRequestForm(() => m.default),
      () => {
        setBasket(false);
        setOutcome({
          kind: 'failed',
          title: 'Not loaded',
          description: 'The form for many products could not be loaded. Check your connection and try again.',
        });
      },
    );
  };
  const root = useRef<HTMLDivElement>(null);
  const preview = config.embedId === PREVIEW_EMBED_ID;
  const [post] = useState(() => hostChannel(config));
  const envelope = { v: PROTOCOL_VERSION, embedId: config.embedId } as const;

  // Ready, then the content's height as it changes: the observer's first call reports the
  // starting height, and the host's listener is in place before the iframe loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget reports ready and starts watching its height once; post is fixed for the iframe's life and envelope is rebuilt each render
  useEffect(() => {
    const el = root.current;
    if (!post || !el) return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height !== last) post({ type: WIDGET_RESIZE, ...envelope, height });
      last = height;
    });
    observer.observe(el);
    post({ type: WIDGET_READY, ...envelope });
    return () => observer.disconnect();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget counts its load once, whatever its settings do later
  useEffect(() => {
    if (preview) return;
    formApi
      .countWidgetLoad({
        embedId: config.embedId,
        referrerUrl: config.referrerUrl,
        partnerId: config.partnerId,
        config: { compact: config.compact, theme: config.theme, hideProcuraBranding: config.hideProcuraBranding },
      })
      .catch(() => {}); // counting a load never gets in the buyer's way
  }, []);

  /**
   * Sends a request (or, in preview, only pretends to) and shows and reports its outcome; a
   * failure is reported to the host and rejects, for the form to show.
   */
  const send = async (
    email: string,
    request: () => Promise<{ rfqId: string; quotes: unknown[]; emailDelivery?: { notSent: { email: string; reason: EmailNotSentReason }[] }; demo?: boolean }>,
  ): Promise<void> => {
    if (pending) return;
    if (preview) {
      setOutcome({ kind: 'sent', count: 0, email, rfqId: null });
      post?.({ type: WIDGET_SUCCESS, ...envelope, data: { rfqId: null, quoteCount: 0, preview: true } });
      return;
    }
    setPending(true);
    try {
      const body = await request();
      setOutcome({
        kind: 'sent',
        count: body.quotes.length,
        email,
        rfqId: body.rfqId,
        notSent: emailNotSentMessage(body.emailDelivery?.notSent ?? []),
        demo: body.demo === true,
      });
      post?.({ type: WIDGET_SUCCESS, ...envelope, data: { rfqId: body.rfqId, quoteCount: body.quotes.length, preview: false } });
    } catch (err) {
      post?.({ type: WIDGET_ERROR, ...envelope, error: { code: 'submission_failed', message: submissionFailure(err).description } });
      throw err;
    } finally {
      setPending(false);
    }
  };

  /** A refused single-product request: its field messages on the form's fields, and the alert above it. */
  const refusedWith = (show: (fields: Record<string, string>) => void) => (err: unknown) => {
    const fields = fieldErrorsOf(err);
    if (fields) show(fields);
    setOutcome({ kind: 'failed', ...submissionFailure(err) });
  };

  const embed: EmbedContext = { embedId: config.embedId, referrerUrl: config.referrerUrl, embedSource: EMBED_SOURCE, partnerId: config.partnerId };

  const submitFull = (values: RfqFormValues) =>
    send(values.primaryEmail, () => sendRfq(values, embed)).catch(refusedWith((fields) => form.showServerErrors(fields)));

  const submitQuick = (values: QuickFormValues) =>
    send(values.contactEmail, () =>
      formApi.submitEmbedRfq({
        ...values,
        budgetRange: (values.budgetRange || undefined) as EmbedBudgetRange | undefined,
        companyName: values.companyName || undefined,
        companySize: values.companySize || undefined,
        partnerId: config.partnerId,
        embedId: config.embedId,
        referrerUrl: config.referrerUrl,
        source: 'embed-widget',
      }),
    ).catch(refusedWith((fields) => setRefused({ fields })));

  const another = () => {
    form.reset();
    setBasket(false);
    setOutcome(null);
  };

  return (
    <div className="widget" ref={root}>
      {config.companyName || config.logo ? (
        <header className="widget-header">
          {config.logo ? <img src={config.logo} alt={config.companyName ? '' : 'Partner logo'} className="widget-logo" referrerPolicy="no-referrer" /> : null}
          {config.companyName ? (
            config.websiteUrl ? (
              <a href={config.websiteUrl} target="_blank" rel="noopener noreferrer" className="widget-company">
                {config.companyName}
              </a>
            ) : (
              <span className="widget-company">{config.companyName}</span>
            )
          ) : null}
        </header>
      ) : null}
      <main className="widget-body">
        {/* The outcome's own heading takes its place, so 'Request quotes' never stands above 'Quotes Sent Successfully!'. */}
        {outcome?.kind === 'sent' ? null : <h1 className="widget-title">Request quotes</h1>}
        {preview ? <p className="widget-note">Preview: submitting here sends nothing.</p> : null}
        {pending ? <ProcessingScreen /> : null}
        {outcome?.kind === 'sent' ? (
          <section className="widget-result" role="status" aria-labelledby="widget-result-title">
            {preview ? (
              <>
                <h1 id="widget-result-title">Preview Submission</h1>
                <p>This is a preview - no actual RFQ was submitted</p>
              </>
            ) : (
              <>
                <h1 id="widget-result-title">{outcome.count > 0 ? 'Quotes Sent Successfully!' : 'Request Received'}</h1>
                {outcome.notSent ? (
                  <>
                    <p>
                      {outcome.count > 0
                        ? `${outcome.count} ${outcome.count === 1 ? 'quote was' : 'quotes were'} generated.`
                        : 'No supplier could quote this request yet.'}
                    </p>
                    <p className="widget-note">{outcome.notSent}</p>
                  </>
                ) : (
                  <p>
                    {outcome.count > 0
                      ? `${outcome.count} ${outcome.count === 1 ? 'quote was' : 'quotes were'} generated. Check your e-mail (${outcome.email}) for the details.`
                      : `No supplier could quote this request yet. We e-mailed the details to ${outcome.email}.`}
                  </p>
                )}
                {outcome.demo ? <p className="widget-note">{DEMO_REQUEST_NOTICE}</p> : null}
                {outcome.rfqId ? (
                  <p>
                    <a href={`/quote-success?rfqId=${outcome.rfqId}`} target="_blank" rel="noopener">
                      Compare your quotes
                    </a>
                  </p>
                ) : null}
              </>
            )}
            <button type="button" className="button" onClick={another}>
              Request Another Quote
            </button>
          </section>
        ) : (
          // Kept while the request is in flight, so a failure returns to the buyer's input.
          <div hidden={pending} className="widget-form">
            {outcome?.kind === 'failed' ? (
              <div className="widget-alert" role="alert">
                <strong>{outcome.title}</strong>
                <p>{outcome.description}</p>
              </div>
            ) : null}
            {config.quick ? (
              <QuickQuoteForm pending={pending} onSubmit={submitQuick} refused={refused} idPrefix={`q-${config.embedId}`} />
            ) : basket ? (
              // Its own messages show on its lines and fields; the alert above is the single form's.
              BasketRequestForm ? (
                <BasketRequestForm
                  initial={form.values}
                  paste={false}
                  idPrefix={`b-${config.embedId}`}
                  send={(input) => send(input.primaryEmail, () => formApi.submitBasket(input, embed))}
                  onSingle={(first) => {
                    if (first) {
                      form.setField('productName', first.productName);
                      form.setField('quantity', first.quantity);
                    }
                    setBasket(false);
                  }}
                />
              ) : (
                <p role="status">Loading the form for many products…</p>
              )
            ) : (
              <QuoteRequestForm
                form={form}
                compact={config.compact}
                pending={pending}
                onSubmit={submitFull}
                idPrefix={`w-${config.embedId}`}
                embedded
                productActions={
                  <div className="basket-start">
                    <button type="button" className="button button-ghost" onClick={openBasket}>
                      Add another product
                    </button>
                  </div>
                }
              />
            )}
          </div>
        )}
      </main>
      {config.hideProcuraBranding ? null : (
        <footer className="widget-footer">
          <a href="/" target="_blank" rel="noopener">
            Powered by Procura
          </a>
        </footer>
      )}
    </div>
  );
}
