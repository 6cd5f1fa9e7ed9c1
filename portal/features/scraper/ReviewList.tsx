import { useEffect, useState, type ReactNode } from 'react';
import { formatRand } from '../../../sdk/format';
import { SCRAPER_LIMITS, SCRAPER_MESSAGES as M, type ApproveItemInput, type ReviewItem } from '../../../contract/schemas/scraping';
import { TextField } from '../../../widget/ui/TextField';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { fieldErrors, errorMessage } from '../../lib/api-errors';
import { foundOn } from './ResultsPreview';
import { ListPanel } from './ListPanel';

type Field = keyof Required<ApproveItemInput>;

const FIELDS: Record<Field, { label: string; hint: string; type?: string }> = {
  email: { label: 'Supplier e-mail', hint: 'Where quote requests for this supplier go.', type: 'email' },
  city: { label: 'City', hint: "One of Procura's cities, such as Johannesburg: where the supplier is based and delivers." },
  unit: { label: 'Unit', hint: 'What the price is for, such as litres, kg, packs, bottles or pieces.' },
  category: { label: 'Category', hint: 'A category name or id, such as Sanitizers.' },
};

/** An address from a crawled page, as a link only when it is a web address. */
const webHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The fields an item needs filled in before it can be approved: what the page left out. */
function missing(item: ReviewItem): Field[] {
  if (item.kind === 'supplier') return [...(item.email ? [] : (['email'] as const)), ...(item.cityId ? [] : (['city'] as const))];
  return [...(item.unit ? [] : (['unit'] as const)), ...(item.categoryId ? [] : (['category'] as const))];
}

function Facts({ item }: { item: ReviewItem }) {
  const website = webHref(item.website);
  const rows: [string, ReactNode][] =
    item.kind === 'supplier'
      ? [
          ['E-mail', item.email ?? 'none given'],
          ['Phone', item.phone ?? 'none given'],
          ['Place', item.cityText ? `${item.cityText}${item.cityId ? '' : " (not one of Procura's cities)"}` : (item.cityId ?? 'none given')],
          ['Category', item.categoryId ?? 'not matched'],
          [
            'Website',
            website ? (
              <a key="website" href={website} rel="noopener noreferrer nofollow">
                {foundOn(website)}
              </a>
            ) : (
              'none given'
            ),
          ],
        ]
      : [
          ['Price', item.priceCents === null ? 'none given' : `${formatRand(item.priceCents / 100)}${item.unit ? ` per ${item.unit}` : ''}`],
          ['Seller', item.sellerName ?? (item.supplierId ? `Supplier #${item.supplierId}` : 'not named')],
          ['Category', item.categoryId ?? 'not matched'],
          ...(item.sku ? ([['SKU', item.sku]] as [string, string][]) : []),
        ];
  return (
    <dl className="facts small">
      {rows.map(([term, value]) => (
        <div key={term} className="facts-row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewCard({ item, onDecided }: { item: ReviewItem; onDecided(): void }) {
  const toast = useToast();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', city: '', unit: '', category: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [pending, setPending] = useState<'approve' | 'reject' | null>(null);
  const shown = [...new Set([...missing(item), ...(Object.keys(errors).filter((f) => f in FIELDS) as Field[])])];
  const id = (field: string) => `review-${item.id}-${field}`;

  // A refused approval takes the focus to the first field it names.
  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (first) document.getElementById(`review-${item.id}-${first}`)?.focus();
  }, [errors, item.id]);

  const approve = async () => {
    setPending('approve');
    try {
      const input: ApproveItemInput = {};
      for (const f of shown) if (values[f].trim()) input[f] = values[f].trim();
      const { item: decided } = await staffApi().scraping.approve(item.id, input);
      toast({
        title: 'Approved',
        description:
          item.kind === 'supplier'
            ? `${item.name} is supplier #${decided.supplierId}: unverified, and quoted once it has a price list.`
            : `${item.name} is on the price list of supplier #${decided.supplierId}.`,
      });
      onDecided();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast({ title: M.error, description: errorMessage(err), variant: 'destructive' });
      setPending(null);
    }
  };

  const reject = async () => {
    setPending('reject');
    try {
      await staffApi().scraping.reject(item.id);
      toast({ title: 'Rejected', description: `${item.name} will not be added.` });
      onDecided();
    } catch (err) {
      toast({ title: M.error, description: errorMessage(err), variant: 'destructive' });
      setPending(null);
    }
  };

  const headingId = `review-${item.id}-name`;
  return (
    <li className="review-item">
      <div className="quote-head review-head">
        <h3 id={headingId}>{item.name}</h3>
        <span className={`badge ${item.kind === 'supplier' ? 'badge-primary' : 'badge-success'}`}>{item.kind === 'supplier' ? 'Supplier' : 'Product'}</span>
      </div>
      {item.description ? <p className="small flush">{item.description}</p> : null}
      <Facts item={item} />
      <p className="small muted flush">
        Found on{' '}
        <a href={item.sourceUrl} rel="noopener noreferrer nofollow" className="break-anywhere">
          {foundOn(item.sourceUrl)}
        </a>{' '}
        (session {item.sessionId})
      </p>
      {item.notes.length > 0 ? (
        <ul className="plain-list">
          {item.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {shown.map((f) => (
        <TextField
          key={f}
          id={id(f)}
          label={FIELDS[f].label}
          hint={FIELDS[f].hint}
          type={FIELDS[f].type}
          value={values[f]}
          onChange={(v) => setValues((prev) => ({ ...prev, [f]: v }))}
          error={errors[f]}
        />
      ))}
      {Object.entries(errors)
        .filter(([f]) => !(f in FIELDS))
        .map(([f, message]) => (
          <p key={f} className="field-error" role="alert">
            {message}
          </p>
        ))}
      <div className="button-row">
        <button type="button" className="button" onClick={approve} disabled={pending !== null} aria-describedby={headingId}>
          {pending === 'approve' ? 'Approving…' : 'Approve'}
        </button>
        <button type="button" className="button button-secondary" onClick={reject} disabled={pending !== null} aria-describedby={headingId}>
          {pending === 'reject' ? 'Rejecting…' : 'Reject'}
        </button>
      </div>
    </li>
  );
}

/**
 * What crawls found and the automatic checks passed, waiting for staff: approve to add it to the
 * market (a supplier, or a product on its supplier's price list), or reject it.
 */
export function ReviewList({ refresh, onDecided }: { refresh: number; onDecided(): void }) {
  const items = useLoad((signal) => staffApi().scraping.items({ decision: 'pending', limit: SCRAPER_LIMITS.defaultItems }, { signal }), [refresh]);
  const list = items.data?.items ?? [];
  return (
    <ListPanel
      id="scraper-review"
      title="Review list"
      load={items}
      intro={
        <p className="small muted flush">
          An approved supplier joins the market unverified and is quoted once it has a price list: approve its products here, or import its price list on the
          admin page. Duplicates and finds without a way to reach the business were rejected by the automatic checks.
        </p>
      }
    >
      {items.status === 'loaded' && list.length === 0 ? <p className="muted flush">Nothing is waiting for review.</p> : null}
      {list.length > 0 ? (
        <>
          <p className="small flush" aria-live="polite">
            {list.length === SCRAPER_LIMITS.defaultItems ? `The first ${list.length} waiting` : `${list.length} waiting`} for review.
          </p>
          <ul className="review-list">
            {list.map((item) => (
              <ReviewCard key={item.id} item={item} onDecided={onDecided} />
            ))}
          </ul>
        </>
      ) : null}
    </ListPanel>
  );
}
