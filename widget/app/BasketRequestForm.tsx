import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_BASKET_LINES, SUPPLIER_COUNT_CHOICES, type RfqFormValues } from '../../sdk/rules';
import { rfqBasketSubmissionSchema } from '../../sdk/schemas/rfq';
import type { BasketInput } from '../../sdk/client/forms';
import { fieldErrorsOf } from '../ui/field-errors';
import { submissionFailure } from './api';
import { CompanySizeField } from './CompanySizeField';
import { DeliveryLocationField } from './LocationField';
import { TermsAgreement } from './QuoteRequestForm';
import { FieldError, TextField } from '../ui/TextField';
import '../ui/controls.css';
import './quote-form.css';

/** A product line the buyer typed or pasted, as the form holds it. */
export interface BasketDraftLine {
  productName: string;
  quantity: string;
  unit: string;
}

/** A pasted line that cannot be a product: its line number, its text and why, in the request's own words. */
export interface RefusedPasteLine {
  line: number;
  text: string;
  reason: string;
}

type Shared = Pick<
  RfqFormValues,
  'deliveryLocation' | 'supplierCount' | 'primaryEmail' | 'additionalEmails' | 'companyName' | 'contactName' | 'companySize' | 'agreeTerms'
>;

/** The submit button's text: 'Get Quotes for 3 Products', 'Get Quotes for 1 Product'. */
const getQuotesLabel = (n: number) => `Get Quotes for ${n} ${n === 1 ? 'Product' : 'Products'}`;

/** A line with a key of its own, so removing one keeps the others' fields and focus. */
type KeyedLine = BasketDraftLine & { key: number };

export interface BasketRequestFormProps {
  /** The single-product form's values: its product becomes the first line, its other fields carry over. */
  initial: RfqFormValues;
  /** Open with the paste box. */
  paste: boolean;
  /** Back to one product, with the first line. */
  onSingle(first: BasketDraftLine | null): void;
  /**
   * Sends the checked basket and takes the answer; rejects as the SDK does, so a refusal's
   * field messages show on their lines and fields.
   */
  send(input: BasketInput): Promise<void>;
  /** Reads a pasted list; without it the form has no paste box. */
  readPaste?(text: string): { lines: BasketDraftLine[]; refused: RefusedPasteLine[] };
  /** Prefix of element ids, so two forms can share a page. */
  idPrefix?: string;
}

/**
 * The home form for many products at once: a line per product (name, quantity, unit), more added
 * one at a time or pasted as a list, then where to deliver, how many suppliers, and the buyer's
 * contact, as the single-product form asks them. Every field's message is the API's own; a
 * refused line's field is named by its place (`lines.2.quantity`).
 */
export default function BasketRequestForm({ initial, paste, onSingle, send, readPaste, idPrefix = 'basket' }: BasketRequestFormProps) {
  const nextKey = useRef(0);
  const keyed = (l: BasketDraftLine): KeyedLine => ({ ...l, key: nextKey.current++ });
  const [lines, setLines] = useState<KeyedLine[]>(() => {
    const first = initial.productName.trim() ? [keyed({ productName: initial.productName, quantity: initial.quantity, unit: initial.unit })] : [];
    return paste && first.length > 0 ? first : [...first, keyed({ productName: '', quantity: '1', unit: '' })];
  });
  const [shared, setShared] = useState<Shared>({
    deliveryLocation: initial.deliveryLocation,
    supplierCount: initial.supplierCount,
    primaryEmail: initial.primaryEmail,
    additionalEmails: initial.additionalEmails,
    companyName: initial.companyName,
    contactName: initial.contactName,
    companySize: initial.companySize,
    agreeTerms: initial.agreeTerms,
  });
  const [pasteOpen, setPasteOpen] = useState(paste && readPaste !== undefined);
  const [pasteText, setPasteText] = useState('');
  const [refused, setRefused] = useState<RefusedPasteLine[]>([]);
  const [pasted, setPasted] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const focusNext = useRef<string | null>(paste ? `${idPrefix}-paste` : `${idPrefix}-line-${lines.length - 1}-productName`);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const setLine = (i: number, field: keyof BasketDraftLine, value: string) => setLines((ls) => ls.map((l, n) => (n === i ? { ...l, [field]: value } : l)));
  const setField = <K extends keyof Shared>(field: K, value: Shared[K]) => setShared((s) => ({ ...s, [field]: value }));
  const add = () => {
    focusNext.current = `${idPrefix}-line-${lines.length}-productName`;
    setLines((ls) => [...ls, keyed({ productName: '', quantity: '1', unit: '' })]);
  };
  const remove = (i: number) => {
    const left = lines.filter((_, n) => n !== i);
    if (left.length === 0) return onSingle(null);
    focusNext.current = `${idPrefix}-line-${Math.min(i, left.length - 1)}-productName`;
    setLines(left);
    setErrors({});
  };
  const addPasted = () => {
    if (!readPaste) return;
    const read = readPaste(pasteText);
    const room = MAX_BASKET_LINES - lines.filter((l) => l.productName.trim() !== '').length;
    const taken = read.lines.slice(0, Math.max(0, room));
    // The pasted lines go after the ones with a product; an empty line left for typing goes.
    setLines((ls) => [...ls.filter((l) => l.productName.trim() !== ''), ...taken.map(keyed)]);
    setRefused(read.refused);
    setPasteText(read.refused.map((r) => r.text).join('\n'));
    const over = read.lines.length - taken.length;
    setPasted(
      `${taken.length} ${taken.length === 1 ? 'product' : 'products'} added.` +
        (read.refused.length > 0
          ? ` ${read.refused.length} ${read.refused.length === 1 ? 'line needs' : 'lines need'} fixing: ${read.refused.length === 1 ? 'it is' : 'they are'} left in the box.`
          : '') +
        (over > 0 ? ` ${over} more did not fit: a request holds at most ${MAX_BASKET_LINES} products.` : ''),
    );
    if (read.refused.length > 0) focusNext.current = `${idPrefix}-paste`;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const filled = lines.filter((l) => l.productName.trim() !== '' || l.quantity.trim() !== '1');
    const input: Record<string, unknown> = {
      lines: filled.map((l) => ({ productName: l.productName, quantity: l.quantity, ...(l.unit.trim() ? { unit: l.unit } : {}) })),
      deliveryLocation: shared.deliveryLocation,
      supplierCount: shared.supplierCount,
      primaryEmail: shared.primaryEmail,
      agreeTerms: shared.agreeTerms,
      ...(shared.additionalEmails.trim() ? { additionalEmails: shared.additionalEmails } : {}),
      ...(shared.companyName.trim() ? { companyName: shared.companyName } : {}),
      ...(shared.contactName.trim() ? { contactName: shared.contactName } : {}),
      ...(shared.companySize ? { companySize: shared.companySize } : {}),
    };
    const checked = rfqBasketSubmissionSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        // Lines are checked as typed: a blank line the buyer left is not sent, so it is named by its own place.
        const path =
          issue.path[0] === 'lines' && typeof issue.path[1] === 'number'
            ? ['lines', lines.indexOf(filled[issue.path[1]]!), ...issue.path.slice(2)]
            : issue.path;
        const key = path.join('.');
        if (!(key in found)) found[key] = issue.message;
      }
      return show(found);
    }
    setPending(true);
    try {
      // Checked above with the request's own schema.
      await send(input as BasketInput);
    } catch (err) {
      setPending(false);
      const fields = fieldErrorsOf(err);
      if (fields) {
        // The API names a line by its place among the lines sent.
        show(
          Object.fromEntries(
            Object.entries(fields).map(([k, v]) => {
              const m = /^lines\.(\d+)\.(.+)$/.exec(k);
              return [m ? `lines.${lines.indexOf(filled[Number(m[1])]!)}.${m[2]}` : k, v];
            }),
          ),
        );
      } else setFailure(submissionFailure(err).description);
    }
  };
  const show = (found: Record<string, string>) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first)
      focusNext.current =
        first === 'lines'
          ? `${idPrefix}-line-0-productName`
          : first.startsWith('lines.')
            ? `${idPrefix}-${first.replaceAll('.', '-').replace('lines-', 'line-')}`
            : `${idPrefix}-${first}`;
  };

  return (
    <form className="quote-form basket-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>Your products</h2>
      <p className="hint">
        One line per product. Each supplier quotes the lines it can supply, and we work out the cheapest split beside the best single supplier.
      </p>
      <ol className="line-list">
        {lines.map((l, i) => (
          <li key={l.key} className="line-item">
            <TextField
              id={`${idPrefix}-line-${i}-productName`}
              label={`Product ${i + 1}`}
              value={l.productName}
              placeholder="e.g. Household Bleach"
              error={errors[`lines.${i}.productName`]}
              onChange={(v) => setLine(i, 'productName', v)}
            />
            <TextField
              id={`${idPrefix}-line-${i}-quantity`}
              label="Quantity"
              inputMode="numeric"
              value={l.quantity}
              error={errors[`lines.${i}.quantity`]}
              onChange={(v) => setLine(i, 'quantity', v)}
            />
            <TextField
              id={`${idPrefix}-line-${i}-unit`}
              label="Unit (optional)"
              value={l.unit}
              placeholder="litres, packs…"
              error={errors[`lines.${i}.unit`]}
              onChange={(v) => setLine(i, 'unit', v)}
            />
            <button type="button" className="button button-ghost line-remove" onClick={() => remove(i)}>
              Remove<span className="visually-hidden"> product {i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <FieldError id={`${idPrefix}-lines`} message={errors.lines} />
      <div className="line-actions">
        <button type="button" className="button button-secondary" onClick={add} disabled={lines.length >= MAX_BASKET_LINES}>
          Add another product
        </button>
        {readPaste ? (
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={pasteOpen}
            aria-controls={`${idPrefix}-paste-box`}
            onClick={() => setPasteOpen((o) => !o)}
          >
            Paste a list
          </button>
        ) : null}
        {lines.length === 1 ? (
          <button type="button" className="button button-ghost" onClick={() => onSingle(lines[0]!)}>
            Back to one product
          </button>
        ) : null}
      </div>
      {pasteOpen ? (
        <div id={`${idPrefix}-paste-box`} className="field basket-paste-box">
          <label htmlFor={`${idPrefix}-paste`}>Paste your list: one product a line, as name, quantity, unit</label>
          <textarea
            id={`${idPrefix}-paste`}
            rows={6}
            value={pasteText}
            placeholder={'Household Bleach, 40, litres\nToilet Paper 2-Ply (48-pack), 30, packs'}
            aria-describedby={refused.length > 0 ? `${idPrefix}-paste-refused` : undefined}
            onChange={(e) => setPasteText(e.target.value)}
          />
          <button type="button" className="button button-secondary" onClick={addPasted} disabled={pasteText.trim() === ''}>
            Add these products
          </button>
          {pasted ? (
            <p className="notice" role="status">
              {pasted}
            </p>
          ) : null}
          {refused.length > 0 ? (
            <ul id={`${idPrefix}-paste-refused`} className="field-error">
              {refused.map((r) => (
                <li key={r.line}>
                  Line {r.line} ({r.text}): {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <h2>Delivery and suppliers</h2>
      <DeliveryLocationField
        id={`${idPrefix}-deliveryLocation`}
        value={shared.deliveryLocation}
        error={errors.deliveryLocation}
        onChange={(v) => setField('deliveryLocation', v)}
        onBlur={() => {}}
      />
      <div className="field">
        <label htmlFor={`${idPrefix}-supplierCount`}>How many suppliers should quote?</label>
        <select
          id={`${idPrefix}-supplierCount`}
          value={shared.supplierCount}
          onChange={(e) => setField('supplierCount', Number(e.target.value) as Shared['supplierCount'])}
        >
          {SUPPLIER_COUNT_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} suppliers
            </option>
          ))}
        </select>
      </div>

      <h2>Your contact</h2>
      <TextField
        id={`${idPrefix}-primaryEmail`}
        type="email"
        label="E-mail address"
        required
        placeholder="you@company.co.za"
        value={shared.primaryEmail}
        error={errors.primaryEmail}
        onChange={(v) => setField('primaryEmail', v)}
      />
      <TextField
        id={`${idPrefix}-additionalEmails`}
        label="Also send the quotes to (optional)"
        hint="Separate addresses with commas"
        value={shared.additionalEmails}
        error={errors.additionalEmails}
        onChange={(v) => setField('additionalEmails', v)}
      />
      <div className="field-row">
        <TextField
          id={`${idPrefix}-companyName`}
          label="Company name (optional)"
          value={shared.companyName}
          error={errors.companyName}
          onChange={(v) => setField('companyName', v)}
        />
        <TextField
          id={`${idPrefix}-contactName`}
          label="Contact name (optional)"
          value={shared.contactName}
          error={errors.contactName}
          onChange={(v) => setField('contactName', v)}
        />
      </div>
      <CompanySizeField
        id={`${idPrefix}-companySize`}
        value={shared.companySize}
        error={errors.companySize}
        onChange={(v) => setField('companySize', v as Shared['companySize'])}
      />
      <div className="field checkbox-field">
        <label className="checkbox">
          <input
            type="checkbox"
            id={`${idPrefix}-agreeTerms`}
            checked={shared.agreeTerms}
            aria-invalid={errors.agreeTerms ? true : undefined}
            aria-describedby={errors.agreeTerms ? `${idPrefix}-agreeTerms-error` : undefined}
            onChange={(e) => setField('agreeTerms', e.target.checked)}
          />
          <TermsAgreement />
        </label>
        <FieldError id={`${idPrefix}-agreeTerms`} message={errors.agreeTerms} />
      </div>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Getting quotes…' : getQuotesLabel(lines.filter((l) => l.productName.trim()).length || lines.length)}
      </button>
    </form>
  );
}
