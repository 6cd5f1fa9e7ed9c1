import { joinWords, quotedEnd, formatDate } from '../../../sdk/format';
import type { Quote, TrackedQuote } from '../../../sdk/schemas/rfq';

/** What the buyer reads about where this quote and its request stand. */
export function Standing({ quote, winners }: { quote: TrackedQuote; winners: readonly Quote[] }) {
  const supplier = quote.quoteData.supplier.name;
  const since = quote.statusChangedAt ? ` on ${formatDate(quote.statusChangedAt)}` : '';
  // A basket's quote is accepted for the lines ordered from it; the other suppliers keep theirs.
  const basket = quote.rfq.quotes.some((q) => q.id === quote.quoteReference && q.lines !== undefined);
  switch (quote.status) {
    case 'accepted':
      return (
        <p className="notice">
          You accepted this quote{since}. {supplier} has your order and contact details and is asked to confirm it;{' '}
          {basket
            ? 'a product you ordered here is no longer open to the others, and one you did not stays open to them.'
            : 'the other suppliers were told they were not selected.'}
        </p>
      );
    case 'awaiting_approval':
      return (
        <p className="notice notice-warning">
          You accepted this quote{since}, above your spending limit: the order waits for an approver of your company. {supplier} is told nothing until it is
          approved; you are e-mailed if it is rejected.
        </p>
      );
    case 'confirmed':
      return (
        <p className="notice notice-success">
          {supplier} confirmed your order{since}. They will contact you about delivery.
        </p>
      );
    case 'withdrawn':
      return (
        <p className="notice notice-danger">
          {supplier} withdrew this quote{since}
          {quote.withdrawalReason ? `: ${quotedEnd(quote.withdrawalReason)}` : '.'}{' '}
          {quote.rfq.status === 'open' ? 'Your request is open again: you can accept another quote below.' : null}
        </p>
      );
    case 'declined':
      return <p className="notice">You declined this quote. The supplier is not told, and while your request is open you can still accept it.</p>;
    case 'expired':
      if (quote.rfq.status === 'expired') return <p className="notice">Every quote for this request has expired. Send a new request for fresh prices.</p>;
      return <p className="notice">This quote expired on {formatDate(quote.quoteData.validUntil)}. Accept another quote or send a new request.</p>;
    case 'not_selected':
      if (quote.rfq.status === 'awarded' && winners.length > 0) {
        const who = joinWords(winners.map((w) => w.supplier.name));
        return basket ? (
          <p className="notice">You ordered this basket's products from {who}, so this quote was not selected.</p>
        ) : (
          <p className="notice">You accepted the quote from {who}, so this one was not selected.</p>
        );
      }
      if (quote.rfq.status === 'closed') return <p className="notice">You closed this request without a winner. The suppliers who quoted were told.</p>;
      return null;
    default:
      return null;
  }
}
