// What every new request's path does, a single product's or a basket's: answer once per
// idempotency key, quote on the market as it is now, and store the request with its quotes.
import { UnknownPlaceError } from '../../domain/interpret';
import type { MarketSnapshot } from '../../domain/market';
import { invalidFields } from '../../errors';
import { answerOnce, type RememberAnswer, type SubmitResult } from './idempotency';
import { requestOrigin, type RfqDeps } from './new-request';

/** A new request as quoted: the market it was quoted on, where it came from, and its quotes. */
export interface Quoted<S> {
  market: MarketSnapshot;
  origin: Awaited<ReturnType<typeof requestOrigin>>;
  set: S;
}

/** How one kind of request (a single product, a basket) is quoted and stored. */
export interface RequestPath<I, S> {
  /** Builds its quotes; throws the field errors of what cannot be quoted. */
  quote(market: MarketSnapshot, input: I, vatRate: number, now: Date): S;
  /** Writes the request with its quotes (see commitRequest) and answers it. */
  store(deps: RfqDeps, input: I, quoted: Quoted<S>, now: Date, remember: RememberAnswer): Promise<SubmitResult>;
}

/**
 * Submits a new request along `path` once per idempotency key (see {@link answerOnce}): its
 * quotes built on the current market, a location Procura does not know refused as bad input of
 * `deliveryLocation`, then the request stored with them.
 */
export function quoteOnce<I extends Parameters<typeof requestOrigin>[1], S>(
  path: RequestPath<I, S>,
  deps: RfqDeps,
  input: I,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<SubmitResult> {
  return answerOnce(deps.database.db, idempotencyKey, input, async (remember) => {
    const market = await deps.market.current();
    const origin = await requestOrigin(deps.database.db, input);
    let set: S;
    try {
      set = path.quote(market, input, deps.config.vatRate, now);
    } catch (err) {
      if (err instanceof UnknownPlaceError) throw invalidFields({ deliveryLocation: err.message });
      throw err;
    }
    return path.store(deps, input, { market, origin, set }, now, remember);
  });
}
