import { useState, type FormEvent } from 'react';
import { PERSONAL_DATA_HOURS } from '../../../contract/data-api';
import { formatQuantity, isSupplierResponseToken, perUnit, SUPPLIER_RESPONSE_MESSAGES } from '../../../sdk/rules';
import { isHttpError } from '../../../sdk/client/errors';
import { textError } from '../../../sdk/text';
import { basketName, companySizeLabel, formatDate, formatRand, quotedEnd } from '../../../sdk/format';
import type { SupplierResponse } from '../../../sdk/schemas/supplier-responses';
import { TextField } from '../../../widget/ui/TextField';
import { MarkDelivered } from '../../components/quotes/mark-delivered';
import { actionErrorText, QuoteStatusBadge } from '../../components/quotes/status';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { api } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { usePageTitle } from '../../lib/use-page-title';
import { PageLoading } from '../../components/ui/page-loading';
import { purchaseOrderPath } from '../../../contract/buyer-links';
import './supplier-responses.css';

/** The reason as the server checks it (trimmed): the text rule, then its length. */
function reasonError(reason: string): string | undefined {
  const text = reason.trim();
  return textError(text, 'Reason', 'multi') ?? (text.length < 5 || text.length > 1000 ? SUPPLIER_RESPONSE_MESSAGES.reason : undefined);
}

/** A refused reason's message from a 400 answer's field details, when it names one. */
function reasonFromAnswer(error: unknown): string | undefined {
  if (!isHttpError(error) || error.status !== 400) return undefined;
  const fields = (error.details as { fields?: Record<string, string> } | null | undefined)?.fields;
  return fields?.reason;
}

/** A phone link: the +27 number without its spaces. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/\s/g, '')}`;
}

/** Where the supplier's answer stands, once given: said on arrival (earlier) or just now. */
function Answered({ order, now }: { order: SupplierResponse; now: boolean }) {
  const when = order.respondedAt ? ` on ${formatDate(order.respondedAt)}` : '';
  if (order.status === 'confirmed') {
    return (
      <div className="notice notice-success" role={now ? 'status' : undefined}>
        <p className="flush">
          <strong>{now ? 'Order confirmed.' : `You confirmed this order${when}.`}</strong> We told the buyer. Contact them to arrange delivery
          {order.buyer.email ? (
            <>
              {' '}
              at <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
              {order.buyer.phone ? (
                <>
                  {' '}
                  or <a href={telHref(order.buyer.phone)}>{order.buyer.phone}</a>
                </>
              ) : null}
            </>
          ) : null}
          .
        </p>
      </div>
    );
  }
  if (order.status === 'withdrawn') {
    return (
      <div className="notice notice-danger" role={now ? 'status' : undefined}>
        <p className="flush">
          <strong>{now ? 'You withdrew from this order.' : `You withdrew from this order${when}.`}</strong>
          {order.withdrawalReason ? ` Your reason: ${quotedEnd(order.withdrawalReason)}` : null} We told the buyer, who may accept another quote.
        </p>
      </div>
    );
  }
  return <p className="notice">This order can no longer be answered here.</p>;
}

/** What an order is named by: its product, or a basket order's products. */
function orderName(o: SupplierResponse['order']): string {
  return o.lines && o.lines.length > 0 ? basketName(o.lines.map((l) => l.productName)) : o.productName;
}

/** The order and its buyer, as the supplier needs them to deliver. */
function OrderDetails({ order }: { order: SupplierResponse }) {
  const o = order.order;
  const buyer = order.buyer;
  return (
    <div className="configurator-grid">
      <section className="card" aria-labelledby="sr-order">
        <h2 id="sr-order">The order</h2>
        <dl className="facts">
          {o.lines ? (
            <>
              <dt>Products</dt>
              <dd>
                <ul className="basket-request-lines">
                  {o.lines.map((l) => (
                    <li key={l.productName}>
                      {l.productName}: {formatQuantity(l.quantity, l.unit)} at {formatRand(l.unitPrice)} {perUnit(l.unit)} excl. VAT, {formatRand(l.totalPrice)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : (
            <>
              <dt>Product</dt>
              <dd>{o.productName}</dd>
              <dt>Description</dt>
              <dd className="prewrap">{o.productDescription}</dd>
              <dt>Quantity</dt>
              <dd>{formatQuantity(o.quantity, o.unit)}</dd>
            </>
          )}
          {order.purchaseOrderNumber ? (
            <>
              <dt>Purchase order</dt>
              <dd>{order.purchaseOrderNumber} (name it on your tax invoice)</dd>
            </>
          ) : null}
          {buyer.purchaseOrderReference ? (
            <>
              <dt>Buyer&rsquo;s reference</dt>
              <dd>{buyer.purchaseOrderReference}</dd>
            </>
          ) : null}
          {buyer.deliveryAddress ? (
            <>
              <dt>Delivery address</dt>
              <dd className="prewrap">{buyer.deliveryAddress}</dd>
            </>
          ) : null}
          <dt>Deliver to</dt>
          <dd>{o.deliveryLocation}</dd>
          {o.lines ? null : (
            <>
              <dt>Unit price</dt>
              <dd>{formatRand(o.unitPrice)} excl. VAT</dd>
            </>
          )}
          <dt>Total excl. VAT</dt>
          <dd>{formatRand(o.totalPrice)}</dd>
          <dt>VAT</dt>
          <dd>{formatRand(o.vatAmount)}</dd>
          <dt>Total incl. VAT</dt>
          <dd>{formatRand(o.totalPriceInclVat)}</dd>
          <dt>Lead time</dt>
          <dd>{o.leadTime}</dd>
          <dt>Payment terms</dt>
          <dd>{o.paymentTerms}</dd>
          <dt>Quote valid until</dt>
          <dd>{formatDate(o.validUntil)}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="sr-buyer">
        <h2 id="sr-buyer">The buyer</h2>
        {buyer.email ? (
          <dl className="facts">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{buyer.phone ? <a href={telHref(buyer.phone)}>{buyer.phone}</a> : 'Not given'}</dd>
            <dt>Name</dt>
            <dd>{buyer.contactName ?? 'Not given'}</dd>
            <dt>Company</dt>
            <dd>{buyer.companyName ?? 'Not given'}</dd>
            <dt>VAT number</dt>
            <dd>{buyer.vatNumber ?? 'Not given'}</dd>
            <dt>Company size</dt>
            <dd>{buyer.companySize ? companySizeLabel(buyer.companySize) : 'Not given'}</dd>
          </dl>
        ) : (
          <>
            <p className="small">
              The buyer&rsquo;s contact details were deleted: Procura keeps them at most {PERSONAL_DATA_HOURS} hours after a request ends. Use the e-mail that
              brought you this link.
            </p>
            {buyer.companySize ? (
              <dl className="facts">
                <dt>Company size</dt>
                <dd>{companySizeLabel(buyer.companySize)}</dd>
              </dl>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

/** /supplier-response/{token}: the accepted supplier sees the order and the buyer, and confirms or withdraws. */
export default function SupplierResponsePage({ params }: { params: { token: string } }) {
  usePageTitle('Accepted order');
  const token = decodeURIComponent(params.token);
  const valid = isSupplierResponseToken(token);
  const state = useLoad(valid ? (signal) => api().supplierResponses.get(token, { signal }) : null, [token, valid]);
  const [answered, setAnswered] = useState<SupplierResponse | null>(null);
  // The order as marking it delivered left it, over the answer and the first read.
  const [delivered, setDelivered] = useState<SupplierResponse | null>(null);
  const [reason, setReason] = useState('');
  const [reasonShown, setReasonShown] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'confirm' | 'withdraw' | null>(null);

  if (!valid) return <ErrorAlert title="Response Link Not Found" message={SUPPLIER_RESPONSE_MESSAGES.token} />;
  if (state.status === 'error') {
    return <ErrorAlert title="Response Link Not Found" message={isHttpError(state.error) ? state.error.message : 'Failed to load the order'} />;
  }
  if (state.status !== 'loaded') {
    return (
      <PageLoading label="Loading the order…">
        <div className="skeleton" style={{ height: '18rem', marginTop: '1rem' }} />
      </PageLoading>
    );
  }

  const order = delivered ?? answered ?? state.data;
  const run = async (kind: 'confirm' | 'withdraw', call: () => Promise<SupplierResponse>) => {
    setPending(kind);
    setFailure(null);
    try {
      setAnswered(await call());
    } catch (err) {
      const fieldMessage = reasonFromAnswer(err);
      if (fieldMessage) setReasonShown(fieldMessage);
      else setFailure(actionErrorText(err));
    } finally {
      setPending(null);
    }
  };
  const confirm = () => run('confirm', () => api().supplierResponses.confirm(token));
  const withdraw = (e: FormEvent) => {
    e.preventDefault();
    const problem = reasonError(reason);
    setReasonShown(problem);
    if (problem) {
      document.getElementById('sr-reason')?.focus();
      return;
    }
    void run('withdraw', () => api().supplierResponses.withdraw(token, { reason: reason.trim() }));
  };

  return (
    <div className="container page stack">
      <div>
        <h1>Order: {orderName(order.order)}</h1>
        <p className="muted">
          {order.supplierName} · {order.purchaseOrderNumber ? `purchase order ${order.purchaseOrderNumber} · ` : ''}quote {order.quoteReference} · accepted by
          the buyer on {formatDate(order.acceptedAt)}
        </p>
        <p className="status-line">
          <span>
            Status: <QuoteStatusBadge status={order.status} />
          </span>
        </p>
        {order.buyer.deliveryAddress ? (
          <p>
            <a className="button button-secondary" href={purchaseOrderPath('supplier', token)} download>
              {order.status === 'withdrawn' ? 'Cancelled purchase order (PDF)' : 'Purchase order (PDF)'}
            </a>
          </p>
        ) : null}
      </div>
      {/* Read the order before answering; once answered, the answer comes first. */}
      {order.status === 'accepted' ? <OrderDetails order={order} /> : null}
      <section className="card decision" aria-labelledby="sr-answer">
        <h2 id="sr-answer">Your answer</h2>
        {order.status === 'accepted' ? (
          <>
            <p className="flush">
              The buyer accepted your quote. Confirm that you will deliver this order as quoted, or withdraw with a reason if you cannot; the buyer is told
              either way.
            </p>
            {failure ? (
              <div className="alert alert-danger" role="alert">
                <p className="flush">{failure}</p>
              </div>
            ) : null}
            <div className="button-row">
              <button type="button" className="button" onClick={confirm} disabled={pending !== null}>
                {pending === 'confirm' ? 'Confirming…' : 'Confirm order'}
              </button>
            </div>
            <form className="form-stack withdraw-form" onSubmit={withdraw} noValidate aria-labelledby="sr-withdraw">
              <h3 id="sr-withdraw">Cannot deliver?</h3>
              <TextField
                id="sr-reason"
                label="Reason for withdrawing"
                required
                rows={3}
                value={reason}
                onChange={setReason}
                onBlur={() => reason !== '' && setReasonShown(reasonError(reason))}
                error={reasonShown}
                hint="The buyer reads this, e.g. out of stock until January. 5 to 1000 characters."
              />
              <div>
                <button type="submit" className="button button-secondary" disabled={pending !== null}>
                  {pending === 'withdraw' ? 'Withdrawing…' : 'Withdraw from this order'}
                </button>
              </div>
            </form>
          </>
        ) : (
          <Answered order={order} now={answered !== null} />
        )}
      </section>
      {order.status === 'confirmed' && order.purchaseOrderNumber ? (
        <section className="card" aria-labelledby="sr-delivery">
          <h2 id="sr-delivery">Delivery</h2>
          <p>Once you have delivered, say on which day: we ask the buyer to confirm receipt, and their receipts make your record on Procura.</p>
          <MarkDelivered
            orders={[{ purchaseOrderNumber: order.purchaseOrderNumber, status: 'confirmed', deliveredOn: order.deliveredOn }]}
            idPrefix="sr"
            onMark={async (input) => setDelivered(await api().supplierResponses.delivered(token, input))}
          />
        </section>
      ) : null}
      {order.status === 'accepted' ? null : <OrderDetails order={order} />}
    </div>
  );
}
