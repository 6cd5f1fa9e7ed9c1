import { Link } from 'wouter';
import { DEMO_REQUEST_NOTICE, QUOTE_STATUS_LABELS, RFQ_STATUS_LABELS, type QuoteStatus, type RfqStatus } from '../../../sdk/rules';
import { isHttpError, isNetworkError, isTimeoutError } from '../../../sdk/client/errors';

const QUOTE_BADGE: Record<QuoteStatus, string> = {
  offered: 'badge-primary',
  awaiting_approval: 'badge-warning',
  accepted: 'badge-success',
  confirmed: 'badge-success',
  withdrawn: 'badge-danger',
  declined: '',
  not_selected: '',
  expired: 'badge-warning',
};

const RFQ_BADGE: Record<RfqStatus, string> = { open: 'badge-primary', awarded: 'badge-success', closed: '', expired: 'badge-warning' };

/** A quote's status as buyers and suppliers read it. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`badge ${QUOTE_BADGE[status]}`.trim()}>{QUOTE_STATUS_LABELS[status]}</span>;
}

/** A request's status as the buyer reads it. */
export function RfqStatusBadge({ status }: { status: RfqStatus }) {
  return <span className={`badge ${RFQ_BADGE[status]}`.trim()}>{RFQ_STATUS_LABELS[status]}</span>;
}

/** Whether the quote won its request: accepted by the buyer, and perhaps confirmed by its supplier since. */
export function isWinner(status: QuoteStatus): boolean {
  return status === 'accepted' || status === 'confirmed';
}

/**
 * Whether the buyer may still accept the quote. A declined quote may be, while its request is
 * open; the server has the last word on validity, so an answer of 409 can still come.
 */
export function canAccept(status: QuoteStatus, rfqStatus: RfqStatus, demo = false): boolean {
  return !demo && rfqStatus === 'open' && (status === 'offered' || status === 'declined');
}

/** The notice a request from the widget demo shows above its quotes. */
export function DemoNotice() {
  return (
    <p className="notice notice-warning">
      {DEMO_REQUEST_NOTICE} To order, send a request from <Link href="/">the home page</Link>.
    </p>
  );
}

/**
 * What the buyer or supplier reads when an action fails: a refusal (409) in the server's own
 * sentence, which says why (the quote expired, the request went to another supplier); any other
 * answer as '{status}: {message}'.
 */
export function actionErrorText(error: unknown): string {
  if (isHttpError(error)) return error.status === 409 ? error.apiMessage : error.message;
  if (isNetworkError(error) || isTimeoutError(error)) return 'Procura could not be reached. Please try again.';
  return 'An error occurred. Please try again.';
}
