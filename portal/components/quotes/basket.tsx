import { formatQuantity, perUnit } from '../../../sdk/rules';
import { centsToRand, formatRand, vatCents } from '../../../sdk/format';
import type { BasketOption, Quote, Rfq } from '../../../sdk/schemas/rfq';
import { TableScroll } from '../ui/table-scroll';
import { ColumnHeads } from '../ui/column-heads';
import './basket.css';

/** A basket request: its lines and split are present. */
type Basket = Rfq & { lines: NonNullable<Rfq['lines']>; split: NonNullable<Rfq['split']> };

/**
 * A quote's minimum order as a buyer reads it: a basket quote's in rand (its lines each have
 * their own quantities), 'None' when it has none; a single product's in its unit.
 */
export function minimumOrderText(q: Quote): string {
  if (q.lines) return q.minimumOrder ? `${formatRand(q.minimumOrder)} excl. VAT` : 'None';
  return formatQuantity(q.minimumOrderQuantity, q.unit);
}

/** Whether a request is a basket, with its lines and split. */
export function isBasket(rfq: Rfq): rfq is Basket {
  return rfq.lines !== undefined && rfq.split !== undefined;
}

/** Per line, the lowest line total among the quotes that price it (the split's own choice may differ, for minimum orders). */
function cheapestByLine(rfq: Basket): Map<string, number> {
  const best = new Map<string, number>();
  for (const q of rfq.quotes) {
    // A withdrawn quote, or line, can no longer be had: it is no line's cheapest.
    if (q.status === 'withdrawn') continue;
    for (const l of q.lines ?? []) {
      if (l.status === 'withdrawn') continue;
      const now = best.get(l.lineId);
      if (now === undefined || l.totalPrice < now) best.set(l.lineId, l.totalPrice);
    }
  }
  return best;
}

const lineOf = (q: Quote, lineId: string) => q.lines?.find((l) => l.lineId === lineId);

/** A figure excl. VAT with VAT at `rate` added, to the cent, as the server works it out. */
function withVat(rand: number, rate: number): number {
  const cents = Math.round(rand * 100);
  return centsToRand(cents + vatCents(cents, rate));
}

/**
 * What accepting a basket quote orders: its lines still open (not awarded to another supplier), or those of them `only`
 * names, their products and total, and whether lines stay open for the other suppliers after it.
 */
export function basketQuoteOrder(quotes: readonly Quote[], q: Quote, only?: readonly string[]) {
  const open = (q.lines ?? []).filter((l) => l.status === 'offered' && (!only || only.includes(l.lineId)));
  const lineIds = open.map((l) => l.lineId);
  const total = Math.round(open.reduce((sum, l) => sum + l.totalPrice * 100, 0)) / 100;
  const openElsewhere = quotes.filter((o) => o.id !== q.id).flatMap((o) => (o.lines ?? []).filter((l) => l.status === 'offered').map((l) => l.lineId));
  return {
    lineIds,
    products: open.map((l) => l.productName),
    totalPrice: total,
    totalPriceInclVat: withVat(total, q.vatRate),
    leavesOpen: openElsewhere.some((id) => !lineIds.includes(id)),
  };
}

/** The lines of a basket ordered, from any supplier. */
function orderedLineIds(quotes: readonly Quote[]): Set<string> {
  return new Set(quotes.flatMap((q) => (q.lines ?? []).filter((l) => l.status === 'accepted').map((l) => l.lineId)));
}

/** How many of a basket's products were ordered, from any supplier. */
export function orderedLineCount(quotes: readonly Quote[]): number {
  return orderedLineIds(quotes).size;
}

/**
 * The split against the single supplier like for like, when the split covers products the single
 * supplier does not: what the split costs for the single supplier's own products, and the products
 * it adds with what it charges for them. Null when both cover the same products.
 */
function likeForLike(rfq: Basket): { products: number; split: number; single: number; added: { productName: string; totalPrice: number }[] } | null {
  const { split, single } = rfq.split;
  if (!single || single.covered >= split.covered) return null;
  const priceOf = (quoteId: string, lineId: string) => lineOf(rfq.quotes.find((q) => q.id === quoteId)!, lineId)?.totalPrice ?? 0;
  const own = new Set(single.lines.filter((l) => l.quoteId !== null).map((l) => l.lineId));
  let same = 0;
  const added: { productName: string; totalPrice: number }[] = [];
  for (const l of split.lines) {
    if (l.quoteId === null) continue;
    const cents = Math.round(priceOf(l.quoteId, l.lineId) * 100);
    if (own.has(l.lineId)) same += cents;
    else added.push({ productName: rfq.lines.find((line) => line.lineId === l.lineId)!.productName, totalPrice: cents / 100 });
  }
  return { products: own.size, split: same / 100, single: single.totalPrice, added };
}

/** The like-for-like sentence of {@link likeForLike}, naming the single supplier. */
function likeForLikeText(rfq: Basket): string | null {
  const cmp = likeForLike(rfq);
  if (!cmp) return null;
  const who = rfq.quotes.find((q) => q.id === rfq.split.single!.suppliers[0]!.quoteId)!.supplier.name;
  const gap = Math.round((cmp.single - cmp.split) * 100) / 100;
  const verdict = gap > 0 ? `it saves ${formatRand(gap)}` : gap < 0 ? `it costs ${formatRand(-gap)} more` : 'the same';
  const added = cmp.added.map((a) => `${a.productName} (${formatRand(a.totalPrice)})`);
  return `Like for like: for the same ${formatQuantity(cmp.products, 'products')} as ${who}, the split comes to ${formatRand(cmp.split)} excl. VAT against ${formatRand(cmp.single)}: ${verdict}. The split also covers ${added.join(', ')}, which ${who} does not quote.`;
}

/** Whether two ways to order a basket are one: the same suppliers with the same lines. */
function sameOption(a: BasketOption, b: BasketOption): boolean {
  const key = (o: BasketOption) => o.suppliers.map((s) => `${s.quoteId}:${s.lineIds.join(',')}`).join(';');
  return key(a) === key(b);
}

/** What the buyer ordered from a supplier, excl. VAT: its accepted lines; null when nothing. */
function ordered(q: Quote): number | null {
  if (q.status !== 'accepted' && q.status !== 'confirmed') return null;
  const lines = (q.lines ?? []).filter((l) => l.status === 'accepted');
  return lines.length === 0 ? null : lines.reduce((sum, l) => sum + Math.round(l.totalPrice * 100), 0) / 100;
}

/** What a basket's orders come to, excl. VAT. */
export function orderedTotal(quotes: readonly Quote[]): number {
  return Math.round(quotes.reduce((sum, q) => sum + (ordered(q) ?? 0) * 100, 0)) / 100;
}

/**
 * The basket's lines against its suppliers: each supplier's price of each line, the cheapest of a
 * line marked, a line a supplier does not quote shown as such, and each supplier's total and
 * coverage. A table from 48rem; below, one card per supplier.
 */
export function BasketMatrix({ rfq }: { rfq: Basket }) {
  const cheapest = cheapestByLine(rfq);
  const quotes = rfq.quotes;
  const cell = (q: Quote, lineId: string) => {
    const l = lineOf(q, lineId);
    if (!l) return <span className="muted">Not quoted</span>;
    if (l.status === 'withdrawn') return <span className="badge">Withdrawn</span>;
    const best = q.status !== 'withdrawn' && cheapest.get(lineId) === l.totalPrice;
    return (
      <>
        <span className={best ? 'basket-best' : undefined}>{formatRand(l.totalPrice)}</span>
        {l.status === 'accepted' && (q.status === 'accepted' || q.status === 'confirmed') ? (
          <span className="badge badge-success">Ordered</span>
        ) : best && l.status === 'offered' ? (
          <span className="badge badge-success">Cheapest</span>
        ) : null}
        {l.firmedAt ? <span className="badge badge-success">Firm</span> : null}
        <br />
        <span className="small muted">
          {formatRand(l.unitPrice)} {perUnit(l.unit)}
          {l.pricingBasis === 'category-estimate' ? ', estimated: not on its price list' : ''}
        </span>
      </>
    );
  };
  return (
    <section className="card basket-section" aria-labelledby="basket-matrix-title">
      <h2 id="basket-matrix-title">Every supplier’s price, line by line</h2>
      <div className="basket-matrix">
        <TableScroll label="Prices line by line">
          <table className="simple-table">
            <caption className="visually-hidden">
              {rfq.lines.length} products against {quotes.length} suppliers, excl. VAT
            </caption>
            <ColumnHeads names={['Product', ...quotes.map((q) => q.supplier.name)]} />
            <tbody>
              {rfq.lines.map((line) => (
                <tr key={line.lineId}>
                  <th scope="row">
                    {line.productName}
                    <br />
                    <span className="small muted">{formatQuantity(line.quantity, line.unit)}</span>
                  </th>
                  {quotes.map((q) => (
                    <td key={q.id}>{cell(q, line.lineId)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total excl. VAT</th>
                {quotes.map((q) => (
                  <td key={q.id}>
                    <strong>{formatRand(q.totalPrice)}</strong>
                    <br />
                    <span className="small muted">{q.coverage?.text}</span>
                    {ordered(q) !== null ? (
                      <>
                        <br />
                        <span className="small">Ordered: {formatRand(ordered(q)!)}</span>
                      </>
                    ) : null}
                  </td>
                ))}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      </div>
      <ul className="basket-cards">
        {quotes.map((q) => (
          <li key={q.id} className="card" aria-label={`${q.supplier.name}: ${q.coverage?.text ?? ''}`}>
            <h3>{q.supplier.name}</h3>
            <p className="small muted">
              {q.coverage?.text} · {formatRand(q.totalPrice)} excl. VAT
            </p>
            <dl className="basket-card-lines">
              {rfq.lines.map((line) => (
                <div key={line.lineId}>
                  <dt>
                    {line.productName} <span className="small muted">({formatQuantity(line.quantity, line.unit)})</span>
                  </dt>
                  <dd>{cell(q, line.lineId)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One way to order the basket: its total, deliveries, each supplier's lines and the products still to order it leaves out; acceptable when `onAccept` is given. */
function OptionCard({ title, option, rfq, onAccept }: { title: string; option: BasketOption; rfq: Basket; onAccept?: (() => void) | undefined }) {
  const names = new Map(rfq.quotes.map((q) => [q.id, q.supplier.name]));
  const products = new Map(rfq.lines.map((l) => [l.lineId, l.productName]));
  const ordered = orderedLineIds(rfq.quotes);
  const left = option.lines.filter((l) => l.quoteId === null && !ordered.has(l.lineId)).map((l) => products.get(l.lineId));
  return (
    <article className="card basket-option" aria-label={title}>
      <h3>{title}</h3>
      <p className="big-figure">{formatRand(option.totalPrice)}</p>
      <p className="small muted">
        excl. VAT · {formatRand(option.totalPriceInclVat)} incl. VAT · {option.deliveries} {option.deliveries === 1 ? 'delivery' : 'deliveries'}
      </p>
      {left.length > 0 ? <p className="small">Not quoted: {left.join(', ')}.</p> : null}
      <ul className="small">
        {option.suppliers.map((s) => (
          <li key={s.quoteId}>
            <strong>{names.get(s.quoteId)}</strong> ({formatRand(s.totalPrice)}): {s.lineIds.map((id) => products.get(id)).join(', ')}
          </li>
        ))}
      </ul>
      {onAccept ? (
        <button type="button" className="button" onClick={onAccept}>
          Accept {title.toLowerCase()}
        </button>
      ) : null}
    </article>
  );
}

/**
 * The cheapest split of the basket beside the best single supplier, with what the split saves:
 * of the lines still to order. Each is acceptable in one step when `onAccept` is given.
 */
export function BasketSplitPanel({ rfq, onAccept }: { rfq: Basket; onAccept?: ((option: 'split' | 'single') => void) | undefined }) {
  const { split, single, saving, message } = rfq.split;
  if (split.covered === 0) return null;
  const toOrder = rfq.lines.length - orderedLineCount(rfq.quotes);
  // One supplier with the same lines is both: it is shown once.
  const same = single !== null && split.suppliers.length === 1 && sameOption(split, single);
  return (
    <section className="basket-section" aria-labelledby="basket-split-title">
      <h2 id="basket-split-title">{same ? 'Best single supplier' : 'Cheapest split and best single supplier'}</h2>
      <p>{message}</p>
      {toOrder < rfq.lines.length ? <p className="small muted">Of the products you have not ordered yet.</p> : null}
      <div className="basket-options">
        {same ? null : <OptionCard title="Cheapest split" option={split} rfq={rfq} onAccept={onAccept && (() => onAccept('split'))} />}
        {single ? <OptionCard title="Best single supplier" option={single} rfq={rfq} onAccept={onAccept && (() => onAccept('single'))} /> : null}
      </div>
      {saving !== null && saving > 0 ? <p className="small muted">The split saves {formatRand(saving)} excl. VAT against the single supplier.</p> : null}
      {same ? null : <LikeForLike rfq={rfq} />}
    </section>
  );
}

function LikeForLike({ rfq }: { rfq: Basket }) {
  const text = likeForLikeText(rfq);
  return text ? <p className="small">{text}</p> : null;
}

/** A line its supplier withdrew, or whose price it made firm, says so. */
function LineMarker({ line }: { line: NonNullable<Quote['lines']>[number] }) {
  if (line.status === 'withdrawn') return <span className="badge">Withdrawn</span>;
  return line.firmedAt ? <span className="badge badge-success">Firm</span> : null;
}

/**
 * One basket quote's lines, as its own page shows them: each product it quotes with its price,
 * those ordered from it, made firm or withdrawn. The lines it does not quote are counted in its coverage.
 */
export function QuoteLines({ quote }: { quote: Quote }) {
  const won = quote.status === 'accepted' || quote.status === 'confirmed';
  return (
    <TableScroll label="This quote line by line">
      <table className="simple-table">
        <caption className="visually-hidden">
          {quote.supplier.name}: {quote.coverage?.text}, excl. VAT
        </caption>
        <ColumnHeads names={['Product', 'Quantity', 'Unit price', 'Total']} />
        <tbody>
          {(quote.lines ?? []).map((l) => (
            <tr key={l.lineId}>
              <th scope="row">
                {l.productName}
                {won && l.status === 'accepted' ? <span className="badge badge-success">Ordered</span> : null}
                <LineMarker line={l} />
              </th>
              <td>{formatQuantity(l.quantity, l.unit)}</td>
              <td>
                {formatRand(l.unitPrice)}
                {l.pricingBasis === 'category-estimate' ? <span className="small muted"> estimated</span> : null}
              </td>
              <td>{formatRand(l.totalPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
