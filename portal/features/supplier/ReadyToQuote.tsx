import { useLayoutEffect, useRef, useState } from 'react';
import { READINESS_TEXT, type Readiness } from '../../../contract/schemas/readiness';
import { SUPPLIER_MARKET_CHANGED, supplierApi } from '../../lib/api';

/** Where each step is done: the workspace's tab that holds it. */
export type ReadinessTab = 'prices' | 'profile';

function Step({ done, text, action, onGo }: { done: boolean; text: string; action: string; onGo(): void }) {
  return (
    <li className={done ? 'ready-step ready-step-done' : 'ready-step'}>
      <span>
        {text}
        <span className="visually-hidden">{done ? ': done' : ': not yet done'}</span>
      </span>
      {done ? (
        <span className="badge badge-success" aria-hidden="true">
          Done
        </span>
      ) : (
        <button type="button" className="button button-secondary" onClick={onGo}>
          {action}
        </button>
      )}
    </li>
  );
}

/**
 * The ready-to-quote checklist: a supplier is quoted once it has a price-list item in stock and a
 * delivery area. Shown until both are done, each step with the button that opens where it is
 * done; read again whenever the price list or the delivery areas change.
 */
export function ReadyToQuote({ initial, onGo }: { initial: Readiness; onGo(tab: ReadinessTab): void }) {
  const [readiness, setReadiness] = useState(initial);
  const wasReady = useRef(initial.readyToQuote);
  const [failed, setFailed] = useState(false);
  // Listening from the moment the checklist is shown, not once the browser has painted it: a change
  // announced in between would otherwise go unread.
  useLayoutEffect(() => {
    let controller: AbortController | null = null;
    const reread = () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      supplierApi()
        .me({ signal: mine.signal })
        .then(
          (me) => {
            if (mine.signal.aborted || !me) return;
            setFailed(false);
            setReadiness(me.readiness);
          },
          () => !mine.signal.aborted && setFailed(true),
        );
    };
    window.addEventListener(SUPPLIER_MARKET_CHANGED, reread);
    return () => {
      window.removeEventListener(SUPPLIER_MARKET_CHANGED, reread);
      controller?.abort();
    };
  }, []);
  if (readiness.readyToQuote) {
    // Said once, when the last step is done here; a supplier that was ready sees nothing.
    return wasReady.current ? null : (
      <p className="notice notice-success ready-notice" role="status">
        You are ready to quote: buyers&rsquo; requests that match your price list and delivery areas now reach you.
      </p>
    );
  }
  return (
    <section className="card stack ready-to-quote" aria-labelledby="ready-to-quote-title">
      <h2 id="ready-to-quote-title">Ready to quote</h2>
      <p className="small muted">Buyers&rsquo; requests reach you once both steps are done.</p>
      {failed ? (
        <p className="small" role="alert">
          Your checklist could not be read again; reload the page to see where it stands.
        </p>
      ) : null}
      <ol className="ready-steps" aria-label="Steps before you are quoted">
        <Step done={readiness.inStockItem} text={READINESS_TEXT.inStockItem} action="Open your price list" onGo={() => onGo('prices')} />
        <Step done={readiness.deliveryArea} text={READINESS_TEXT.deliveryArea} action="Open your delivery areas" onGo={() => onGo('profile')} />
      </ol>
    </section>
  );
}
