import { useEffect, useState } from 'react';
import { formatPriceWithVat, formatRand } from '../../../sdk/format';
import { formatQuantity } from '../../../sdk/rules';
import { ORDER_LIMITS, validateOrderDetails, type OrderDetailsField, type OrderDetailsValues } from '../../../sdk/order-rules';
import type { OrderDetailsInput, Quote } from '../../../sdk/schemas/rfq';
import { fieldErrorsOf } from '../../../widget/ui/field-errors';
import { TextField } from '../../../widget/ui/TextField';
import { addressText, useSavedDetails } from '../../lib/saved-details';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { actionErrorText } from './status';
import { basketQuoteOrder } from './basket';

const LINE_CHOICE_ID = 'accept-lines';
/** Said when the buyer unticks every product of a basket quote. */
const NO_LINE_MESSAGE = 'Tick at least one product to order from this supplier.';

const FIELDS: OrderDetailsField[] = ['deliveryAddress', 'phone', 'purchaseOrderReference', 'vatNumber'];
const EMPTY: OrderDetailsValues = { deliveryAddress: '', phone: '', purchaseOrderReference: '', vatNumber: '' };
const fieldId = (field: OrderDetailsField) => `accept-${field}`;

/** The details as the API takes them: trimmed, an empty optional field left out. */
function toInput(values: OrderDetailsValues): OrderDetailsInput {
  const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
  return {
    deliveryAddress: values.deliveryAddress.trim(),
    phone: values.phone.trim(),
    purchaseOrderReference: optional(values.purchaseOrderReference),
    vatNumber: optional(values.vatNumber),
  };
}

/** The refused fields of an answer, among the dialog's own. */
function refusedFields(error: unknown): Partial<Record<OrderDetailsField, string>> {
  const fields = fieldErrorsOf(error) ?? {};
  return Object.fromEntries(FIELDS.filter((f) => typeof fields[f] === 'string').map((f) => [f, fields[f]]));
}

export interface AcceptQuoteDialogProps {
  /** Who receives the order: one supplier's name, or the split's suppliers named together. */
  supplierName: string;
  totalPrice: number;
  totalPriceInclVat: number;
  /** For a basket: the products ordered, named in the confirmation. */
  products?: readonly string[] | undefined;
  /** Several suppliers (a basket's split): each receives the order of its own products. */
  split?: boolean | undefined;
  /** A basket's products left for other suppliers after this order. */
  leavesOpen?: boolean | undefined;
  /**
   * A basket quote's lines the buyer chooses among: its lines still open, all ticked at first. The
   * price and products then follow the ticks, and at least one is needed.
   */
  choose?: { quote: Quote; quotes: readonly Quote[] } | undefined;
  /** Accepts with the details the buyer gave (and the lines ticked, when choosing); a throw keeps the dialog open and says why. */
  onAccept(details: OrderDetailsInput, lineIds?: string[]): Promise<void>;
  onClose(): void;
}

/**
 * The confirmation before a buyer accepts a quote: it names the supplier and what the order
 * costs without and with VAT, says who will be told, and asks what the supplier needs to deliver (street
 * address and phone; a purchase-order reference and VAT number when the buyer has them). Each
 * field's problem shows on it, and focus moves to the first. Accepting is never done without it.
 */
export function AcceptQuoteDialog({
  supplierName,
  totalPrice,
  totalPriceInclVat,
  products,
  split = false,
  leavesOpen = false,
  choose,
  onAccept,
  onClose,
}: AcceptQuoteDialogProps) {
  const offered = (choose?.quote.lines ?? []).filter((l) => l.status === 'offered');
  const [ticked, setTicked] = useState<string[]>(() => offered.map((l) => l.lineId));
  const [noLine, setNoLine] = useState(false);
  // With lines to choose, what is ordered is the lines ticked.
  const chosen = choose ? basketQuoteOrder(choose.quotes, choose.quote, ticked) : null;
  const price = chosen ?? { totalPrice, totalPriceInclVat, products, leavesOpen };
  const [values, setValues] = useState<OrderDetailsValues>(EMPTY);
  // Signed in, the saved details fill what is still empty: the first saved address, the phone, the VAT number and the order prefix.
  const saved = useSavedDetails();
  useEffect(() => {
    if (!saved) return;
    const first = saved.addresses[0];
    setValues((prev) => ({
      deliveryAddress: prev.deliveryAddress || (first ? addressText(first) : ''),
      phone: prev.phone || (saved.phone ?? ''),
      purchaseOrderReference: prev.purchaseOrderReference || (saved.defaultPurchaseOrderPrefix ?? ''),
      vatNumber: prev.vatNumber || (saved.vatNumber ?? ''),
    }));
  }, [saved]);
  const [shown, setShown] = useState<Set<OrderDetailsField>>(new Set());
  const [refused, setRefused] = useState<Partial<Record<OrderDetailsField, { message: string; value: string }>>>({});
  const problems = validateOrderDetails(values);
  const error = (f: OrderDetailsField) => (shown.has(f) ? problems[f] : undefined) ?? (refused[f]?.value === values[f] ? refused[f]?.message : undefined);
  const focus = (f: OrderDetailsField | undefined) => f && document.getElementById(fieldId(f))?.focus();

  const field = (
    f: OrderDetailsField,
    label: string,
    options: { required?: boolean; rows?: number; type?: string; autoComplete?: string; hint?: string; inputMode?: 'numeric' },
  ) => (
    <TextField
      {...options}
      id={fieldId(f)}
      name={f}
      label={label}
      value={values[f]}
      error={error(f)}
      onChange={(v) => setValues((prev) => ({ ...prev, [f]: v }))}
      onBlur={() => values[f] !== '' && setShown((prev) => new Set([...prev, f]))}
    />
  );

  return (
    <ConfirmDialog
      title={split ? 'Accept the cheapest split?' : 'Accept this quote?'}
      confirmLabel={split ? 'Accept split' : 'Accept quote'}
      pendingLabel="Accepting…"
      focus="field"
      validate={() => {
        setShown(new Set(FIELDS));
        const none = choose !== undefined && ticked.length === 0;
        setNoLine(none);
        if (none) {
          document.getElementById(LINE_CHOICE_ID)?.querySelector('input')?.focus();
          return false;
        }
        const first = FIELDS.find((f) => problems[f]);
        focus(first);
        return first === undefined;
      }}
      onConfirm={async () => {
        try {
          await onAccept(toInput(values), choose ? ticked : undefined);
        } catch (err) {
          const fields = refusedFields(err);
          setRefused(Object.fromEntries(Object.entries(fields).map(([f, message]) => [f, { message, value: values[f as OrderDetailsField] }])));
          focus(FIELDS.find((f) => fields[f]));
          throw err;
        }
      }}
      onClose={onClose}
      describe={(err) => (Object.keys(refusedFields(err)).length > 0 ? null : actionErrorText(err))}
    >
      <p>
        You are accepting {split ? 'the split between' : 'the quote from'} <strong>{supplierName}</strong> for{' '}
        <strong>{formatPriceWithVat(price.totalPrice, price.totalPriceInclVat)}</strong>
        {price.products && price.products.length > 0 ? `: ${price.products.join(', ')}` : ''}.
      </p>
      {choose ? (
        <fieldset
          className="form-stack accept-lines"
          id={LINE_CHOICE_ID}
          aria-describedby={noLine && ticked.length === 0 ? `${LINE_CHOICE_ID}-error` : undefined}
        >
          <legend>Products to order from {supplierName}</legend>
          {offered.map((l) => (
            <label key={l.lineId} className="accept-line">
              <input
                type="checkbox"
                checked={ticked.includes(l.lineId)}
                onChange={(e) =>
                  setTicked((prev) =>
                    e.target.checked ? offered.map((o) => o.lineId).filter((id) => id === l.lineId || prev.includes(id)) : prev.filter((id) => id !== l.lineId),
                  )
                }
              />{' '}
              {l.productName}: {formatQuantity(l.quantity, l.unit)}, {formatRand(l.totalPrice)} excl. VAT
            </label>
          ))}
          {noLine && ticked.length === 0 ? (
            <p className="field-error" id={`${LINE_CHOICE_ID}-error`} role="alert">
              {NO_LINE_MESSAGE}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <p className="small flush">
        {split ? 'Each supplier receives the order of its own products' : `${supplierName} receives the order`} with your contact details (e-mail address, name,
        company and company size) and the delivery details below, and is asked to confirm it.{' '}
        {price.products
          ? `The suppliers left with nothing to supply are told they were not selected${price.leavesOpen ? '; the products you do not order here stay open for the others' : ''}.`
          : 'The other suppliers are told they were not selected.'}
      </p>
      <fieldset className="form-stack accept-details">
        <legend>Delivery details for {split ? 'the suppliers' : supplierName}</legend>
        {saved && saved.addresses.length > 0 ? (
          <fieldset className="saved-addresses">
            <legend>Your saved addresses</legend>
            {saved.addresses.map((a) => (
              <label key={a.label} className="accept-line">
                <input
                  type="radio"
                  name="saved-address"
                  checked={values.deliveryAddress === addressText(a)}
                  onChange={() => setValues((prev) => ({ ...prev, deliveryAddress: addressText(a) }))}
                />{' '}
                {a.label}: {addressText(a).replace('\n', ', ')}
              </label>
            ))}
          </fieldset>
        ) : null}
        {field('deliveryAddress', 'Delivery address', {
          required: true,
          rows: 3,
          autoComplete: 'street-address',
          hint: `Street and number, building, suburb, city and postal code. At most ${ORDER_LIMITS.deliveryAddress.max} characters.`,
        })}
        {field('phone', 'Phone number', {
          required: true,
          type: 'tel',
          autoComplete: 'tel',
          hint: 'For the supplier to arrange delivery, e.g. 082 123 4567 or +27 82 123 4567.',
        })}
        {field('purchaseOrderReference', 'Purchase order reference (optional)', { hint: 'Your own order number, printed on the invoice.' })}
        {field('vatNumber', 'VAT number (optional)', { inputMode: 'numeric', hint: 'For a tax invoice: 10 digits starting with 4.' })}
      </fieldset>
    </ConfirmDialog>
  );
}
