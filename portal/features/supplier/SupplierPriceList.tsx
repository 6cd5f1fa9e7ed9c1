// Kept whole: the price list tab's card, editor, add form and import share the offer draft and its
// field errors.
import { useRef, useState, type FormEvent } from 'react';
import type { OfferImportResult, SupplierOffer, SupplierOfferChange, SupplierOffers } from '../../../contract/schemas/supplier-offers';
import { formatRand, formatDate, johannesburgToday } from '../../../sdk/format';
import { formatQuantity, singularUnit } from '../../../sdk/rules';
import type { ProductSuggestion } from '../../../sdk/schemas/catalogue';
import { formApi } from '../../../widget/app/api';
import { Combobox, useSuggestions } from '../../../widget/ui/Combobox';
import { FieldError, TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { errorMessage } from '../../lib/api-errors';
import { useSave } from '../../lib/use-save';
import { supplierApi } from '../../lib/api';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { Loaded } from '../../components/ui/loaded';
import { SuccessNotice } from '../../components/ui/success-notice';

/** Today in South Africa (YYYY-MM-DD), as offers' dates are read. */
const today = () => johannesburgToday();

/** A number typed in a field: NaN for nothing or text, which the API names. */
const typed = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.trim().replace(',', '.')));

/** Why an offer is or is not quoted today. */
function standing(o: SupplierOffer): { label: string; tone: 'success' | 'warning' | 'muted' } {
  if (o.quoted) return { label: 'Quoted', tone: 'success' };
  if (!o.inStock) return { label: 'Out of stock', tone: 'warning' };
  if (o.validUntil !== null && o.validUntil < today()) return { label: `Ended ${formatDate(o.validUntil)}`, tone: 'muted' };
  return { label: `From ${formatDate(o.validFrom ?? today())}`, tone: 'muted' };
}

interface DraftTier {
  key: number;
  minQuantity: string;
  unitPrice: string;
}

/** An offer's terms in a form: price, minimum order, volume prices, stock and dates. */
function OfferForm({ offer, onSaved, onCancel }: { offer: SupplierOffer; onSaved(o: SupplierOffer): void; onCancel(): void }) {
  const id = `offer-${offer.offerId}`;
  const nextKey = useRef(0);
  const [price, setPrice] = useState(offer.unitPrice.toFixed(2));
  const [minimum, setMinimum] = useState(String(offer.minimumOrderQuantity));
  const [tiers, setTiers] = useState<DraftTier[]>(() =>
    offer.tiers.map((t) => ({ key: nextKey.current++, minQuantity: String(t.minQuantity), unitPrice: t.unitPrice.toFixed(2) })),
  );
  const [inStock, setInStock] = useState(offer.inStock);
  const [from, setFrom] = useState(offer.validFrom ?? '');
  const [until, setUntil] = useState(offer.validUntil ?? '');
  const { errors, failure, saving, run } = useSave();
  const unit = singularUnit(offer.unit);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const change: SupplierOfferChange = {
      unitPrice: typed(price),
      minimumOrderQuantity: typed(minimum),
      tiers: tiers.map((t) => ({ minQuantity: typed(t.minQuantity), unitPrice: typed(t.unitPrice) })),
      inStock,
      validFrom: from === '' ? null : from,
      validUntil: until === '' ? null : until,
    };
    await run(
      async () => onSaved(await supplierApi().changeOffer(offer.offerId, change)),
      // Focus the first field the answer names, in the form's order.
      (fields) => document.getElementById(`${id}-${Object.keys(fields)[0]!.replace(/\./g, '-')}`)?.focus(),
    );
  };

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void save(e)} aria-label={`Change ${offer.productName}`}>
      {failure ? <ErrorAlert title="Not saved" message={failure} inline /> : null}
      <TextField
        id={`${id}-unitPrice`}
        label={`Unit price (R per ${unit}, excl. VAT)`}
        inputMode="decimal"
        value={price}
        error={errors.unitPrice}
        onChange={setPrice}
      />
      <TextField
        id={`${id}-minimumOrderQuantity`}
        label={`Minimum order (${offer.unit})`}
        inputMode="numeric"
        value={minimum}
        error={errors.minimumOrderQuantity}
        onChange={setMinimum}
      />
      <fieldset className="form-stack">
        <legend>Volume prices</legend>
        <p className="small muted flush">A lower unit price from a quantity on. Leave none for one price at every quantity.</p>
        {tiers.map((t, i) => (
          <div key={t.key} className="offer-tier">
            <TextField
              id={`${id}-tiers-${i}-minQuantity`}
              label={`From (${offer.unit})`}
              inputMode="numeric"
              value={t.minQuantity}
              error={errors[`tiers.${i}.minQuantity`]}
              onChange={(v) => setTiers((ts) => ts.map((x, n) => (n === i ? { ...x, minQuantity: v } : x)))}
            />
            <TextField
              id={`${id}-tiers-${i}-unitPrice`}
              label={`Unit price (R per ${unit})`}
              inputMode="decimal"
              value={t.unitPrice}
              error={errors[`tiers.${i}.unitPrice`]}
              onChange={(v) => setTiers((ts) => ts.map((x, n) => (n === i ? { ...x, unitPrice: v } : x)))}
            />
            <button type="button" className="button button-ghost" onClick={() => setTiers((ts) => ts.filter((_, n) => n !== i))}>
              Remove<span className="visually-hidden"> volume price {i + 1}</span>
            </button>
          </div>
        ))}
        <FieldError id={`${id}-tiers`} message={errors.tiers} />
        {tiers.length < 10 ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setTiers((ts) => [...ts, { key: nextKey.current++, minQuantity: '', unitPrice: '' }])}
          >
            Add a volume price
          </button>
        ) : null}
      </fieldset>
      <div className="field checkbox-field">
        <label className="checkbox">
          <input id={`${id}-inStock`} type="checkbox" checked={inStock} onChange={(e) => setInStock(e.target.checked)} />
          In stock: quote it
        </label>
      </div>
      <div className="offer-dates">
        <TextField
          id={`${id}-validFrom`}
          label="First day (optional)"
          type="date"
          value={from}
          error={errors.validFrom}
          onChange={setFrom}
          hint="Not quoted before it."
        />
        <TextField
          id={`${id}-validUntil`}
          label="Last day (optional)"
          type="date"
          value={until}
          error={errors.validUntil}
          onChange={setUntil}
          hint="Not quoted after it."
        />
      </div>
      <div className="button-row">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** One offer: what it costs and whether it is quoted, with its actions. */
function OfferCard({ offer, onChanged, onRemoved }: { offer: SupplierOffer; onChanged(o: SupplierOffer): void; onRemoved(offerId: number): void }) {
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const status = standing(offer);
  const unit = singularUnit(offer.unit);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card offer-card" aria-labelledby={`offer-${offer.offerId}-name`}>
      <div className="quote-head">
        <h4 id={`offer-${offer.offerId}-name`} ref={heading} tabIndex={-1}>
          {offer.productName}
        </h4>
        <span className={`badge badge-${status.tone}`}>{status.label}</span>
      </div>
      <p className="small muted flush">{offer.categoryName}</p>
      {editing ? (
        <OfferForm
          offer={offer}
          onSaved={(o) => {
            onChanged(o);
            setEditing(false);
            heading.current?.focus();
          }}
          onCancel={() => {
            setEditing(false);
            heading.current?.focus();
          }}
        />
      ) : (
        <>
          <p>
            <strong>{formatRand(offer.unitPrice)}</strong> per {unit} excl. VAT · minimum {formatQuantity(offer.minimumOrderQuantity, offer.unit)}
          </p>
          {offer.tiers.length > 0 ? <p className="small">{offer.tiers.map((t) => `${formatRand(t.unitPrice)} from ${t.minQuantity}`).join(' · ')}</p> : null}
          {offer.validFrom || offer.validUntil ? (
            <p className="small muted">
              {offer.validFrom ? `From ${formatDate(offer.validFrom)}` : ''}
              {offer.validFrom && offer.validUntil ? ' · ' : ''}
              {offer.validUntil ? `until ${formatDate(offer.validUntil)}` : ''}
            </p>
          ) : null}
          {failure ? <ErrorAlert title="Not changed" message={failure} inline /> : null}
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
              Change<span className="visually-hidden"> {offer.productName}</span>
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() => void act(async () => onChanged(await supplierApi().changeOffer(offer.offerId, { inStock: !offer.inStock })))}
            >
              {offer.inStock ? 'Mark out of stock' : 'Mark in stock'}
              <span className="visually-hidden"> {offer.productName}</span>
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  if (!window.confirm(`Take ${offer.productName} off your price list? It is no longer quoted.`)) return;
                  await supplierApi().removeOffer(offer.offerId);
                  onRemoved(offer.offerId);
                })
              }
            >
              Remove<span className="visually-hidden"> {offer.productName}</span>
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** A catalogue product added to the list at a price. */
function AddOffer({ listed, onAdded }: { listed: Set<string>; onAdded(o: SupplierOffer): void }) {
  const [query, setQuery] = useState('');
  const [product, setProduct] = useState<ProductSuggestion | null>(null);
  const [price, setPrice] = useState('');
  const { errors, setErrors, failure, saving, run } = useSave();
  const found = useSuggestions<ProductSuggestion>(formApi.products, query, 2);
  const items = found.filter((p) => !listed.has(p.id));

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!product) {
      setErrors({ catalogueItemId: 'Choose a product from the list' });
      document.getElementById('offer-new-product')?.focus();
      return;
    }
    await run(async () => {
      onAdded(await supplierApi().addOffer({ catalogueItemId: product.id, unitPrice: typed(price) }));
      setQuery('');
      setProduct(null);
      setPrice('');
    });
  };

  return (
    <form className="card form-stack" noValidate onSubmit={(e) => void add(e)} aria-labelledby="offer-new-title">
      <h3 id="offer-new-title">Add a product</h3>
      {failure ? <ErrorAlert title="Not added" message={failure} inline /> : null}
      <Combobox<ProductSuggestion>
        id="offer-new-product"
        label="Product"
        value={query}
        error={errors.catalogueItemId}
        hint="A product of Procura's catalogue; type two letters or more."
        items={items}
        itemKey={(p) => p.id}
        renderItem={(p) => (
          <>
            {p.name}{' '}
            <span className="small muted">
              ({p.categoryName}, per {singularUnit(p.unit)})
            </span>
          </>
        )}
        onChange={(v) => {
          setQuery(v);
          setProduct(null);
        }}
        onPick={(p) => {
          setQuery(p.name);
          setProduct(p);
        }}
        onBlur={() => {}}
      />
      <TextField
        id="offer-new-unitPrice"
        label={product ? `Unit price (R per ${singularUnit(product.unit)}, excl. VAT)` : 'Unit price (R, excl. VAT)'}
        inputMode="decimal"
        value={price}
        error={errors.unitPrice}
        onChange={setPrice}
      />
      <SubmitButton pending={saving} busy="Adding…" row="button-row">
        Add to my price list
      </SubmitButton>
    </form>
  );
}

/** The whole list replaced from pasted text: checked first, then replaced all at once. */
function ReplaceList({ onReplaced }: { onReplaced(summary: string): void }) {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<OfferImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (dryRun: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await supplierApi().importOffers({ data: text, dryRun });
      if (dryRun) setPreview(result);
      else {
        setPreview(null);
        setText('');
        onReplaced(`Replaced: ${result.updated} updated, ${result.added} added, ${result.removed} removed. Your next quotes use them.`);
      }
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const bad = preview?.invalidLines ?? [];
  return (
    <section className="card form-stack" aria-labelledby="offer-replace-title">
      <h3 id="offer-replace-title">Replace the list from a spreadsheet</h3>
      <TextField
        id="offer-replace-text"
        label="Your price list"
        rows={6}
        value={text}
        onChange={(v) => {
          setText(v);
          setPreview(null);
        }}
        hint="One product per line: name | description | price | unit | category. Or paste a CSV with a header row naming name, price, unit and category. Products not in it leave your list."
      />
      {failure ? <ErrorAlert title="Not read" message={failure} inline /> : null}
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={busy || text.trim() === ''} onClick={() => void run(true)}>
          Check the list
        </button>
      </div>
      {preview ? (
        <div role="status" className="form-stack">
          <p>
            {preview.updated} updated, {preview.added} added, {preview.removed} removed
            {bad.length > 0 ? `; ${bad.length} ${bad.length === 1 ? 'line needs' : 'lines need'} fixing first.` : '.'}
          </p>
          {bad.length > 0 ? (
            <ul className="small">
              {bad.map((l) => (
                <li key={l.line}>
                  Line {l.line}: {l.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {preview.removedProducts && preview.removedProducts.length > 0 ? (
            <p className="small muted">Leaves your list: {preview.removedProducts.join(', ')}.</p>
          ) : null}
          {bad.length === 0 ? (
            <div className="button-row">
              <button type="button" className="button" disabled={busy} onClick={() => void run(false)}>
                Replace my price list
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function PriceList({ initial }: { initial: SupplierOffers }) {
  const [offers, setOffers] = useState(initial.offers);
  const [priceListDate, setPriceListDate] = useState(initial.priceListDate);
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const reload = async (summary: string) => {
    const list = await supplierApi().offers();
    setOffers(list.offers);
    setPriceListDate(list.priceListDate);
    setNotice(summary);
  };
  /** After a change saved here: the day the list last changed is the server's to say. A failed read leaves the day shown. */
  const changed = (summary: string) => {
    setNotice(summary);
    supplierApi()
      .offers()
      .then((list) => setPriceListDate(list.priceListDate))
      .catch(() => undefined);
  };
  const shown = offers.filter((o) => o.productName.toLowerCase().includes(filter.trim().toLowerCase()));
  const quoted = offers.filter((o) => o.quoted).length;
  return (
    <div className="stack">
      <p>
        {offers.length} {offers.length === 1 ? 'product' : 'products'}, {quoted} quoted today. Last changed {formatDate(priceListDate)}. A change reaches the
        next quote.
      </p>
      <SuccessNotice message={notice} />
      {offers.length > 5 ? <TextField id="offer-filter" label="Find a product on your list" value={filter} onChange={setFilter} /> : null}
      {shown.length === 0 ? (
        <p className="card empty-state">
          {offers.length === 0 ? 'Your price list is empty: add a product below, or paste your list.' : 'No product on your list has that name.'}
        </p>
      ) : (
        <ul className="offer-list" aria-label="Your price list">
          {shown.map((o) => (
            <OfferCard
              key={o.offerId}
              offer={o}
              onChanged={(offer) => {
                setOffers((os) => os.map((x) => (x.offerId === offer.offerId ? offer : x)));
                changed(`${offer.productName}: saved. Your next quotes use it.`);
              }}
              onRemoved={(offerId) => {
                setOffers((os) => os.filter((x) => x.offerId !== offerId));
                changed('Removed from your price list.');
              }}
            />
          ))}
        </ul>
      )}
      <AddOffer
        listed={new Set(offers.map((o) => o.catalogueItemId))}
        onAdded={(o) => {
          setOffers((os) => [...os, o].sort((a, b) => a.productName.localeCompare(b.productName)));
          changed(`${o.productName}: added. Your next quotes use it.`);
        }}
      />
      <ReplaceList onReplaced={(summary) => void reload(summary)} />
    </div>
  );
}

/** The price list tab: loaded, then one card per offer, a product to add and the list to replace. */
export function SupplierPriceListTab() {
  return (
    <Loaded read={(signal) => supplierApi().offers({ signal })} failed="Price list not loaded" loading="Loading your price list" height="12rem">
      {(offers) => <PriceList initial={offers} />}
    </Loaded>
  );
}
