import { useRef, useState, type FormEvent } from 'react';
import { COVERAGE_SCOPES, type SupplierCoverage } from '../../../contract/schemas/supplier-workspace';
import { LocationCombobox } from '../../../widget/app/LocationField';
import { FieldError, TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useSave } from '../../lib/use-save';
import { supplierApi } from '../../lib/api';
import { Loaded } from '../../components/ui/loaded';
import { SuccessNotice } from '../../components/ui/success-notice';

type Scope = (typeof COVERAGE_SCOPES)[number];
type SavedArea = SupplierCoverage['areas'][number];
/** A place as the form holds it: for a city, the name typed or picked beside the id picked. */
interface DraftArea {
  key: number;
  scope: Scope;
  area: string;
  name: string;
  leadDays: string;
}

const SCOPE_LABELS: Record<Scope, string> = { city: 'A city', province: 'A province', national: 'All of South Africa' };

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/**
 * What buyers are quoted for a saved place and what it is made of, in the server's figures (the
 * quote engine's own): "Buyers see 3-4 days: your 1 day + 2 days dispatch + up to 1 day for distance."
 */
function buyersSeeText(area: SavedArea, dispatchDays: number): string {
  const b = area.buyers;
  if (!b) return 'No request is quoted from this place: every city and province has a place of its own on your list.';
  const seen = b.leadTime === b.farthestLeadTime ? b.leadTime : `${b.leadTime} nearby to ${b.farthestLeadTime} farthest away`;
  const { least, most } = b.distanceDays;
  const distance = least === most ? days(most) : `${least} to ${days(most)}`;
  const rounded = b.roundedUp ? ` (at least ${days(b.minDays)})` : '';
  return `Buyers see ${seen}: your ${days(area.leadDays)} + ${days(dispatchDays)} dispatch${rounded} + up to ${distance} for distance.`;
}

/** How the distance allowance is counted, from the bands the server quotes by. */
function allowanceText(c: SupplierCoverage): string {
  const bands = c.distanceAllowance.map((b) =>
    b.withinKm === null ? `${days(b.days)} farther, or when a buyer names only a province` : `${days(b.days)} within ${b.withinKm} km`,
  );
  const from = c.homeCity ? `from ${c.homeCity}, your home city` : 'from your home city, which Procura does not have on file, so buyers are given the most';
  return `Procura adds the ${days(c.dispatchDays)} dispatch it has on file for you, and a distance allowance ${from}: ${bands.join(', ')}.`;
}

function CityField({ id, area, error, onPick }: { id: string; area: DraftArea; error?: string | undefined; onPick(id: string, name: string): void }) {
  const [typed, setTyped] = useState(area.name);
  return (
    <LocationCombobox
      id={id}
      label="City"
      value={typed}
      error={error}
      onChange={(v) => {
        setTyped(v);
        onPick('', v);
      }}
      onPick={(l) => {
        setTyped(l.fullName);
        onPick(l.id, l.fullName);
      }}
      onBlur={() => {}}
    />
  );
}

function CoverageForm({ initial }: { initial: SupplierCoverage }) {
  const nextKey = useRef(0);
  const draftOf = (c: SupplierCoverage): DraftArea[] =>
    c.areas.map((a) => ({ key: nextKey.current++, scope: a.scope, area: a.area, name: a.name, leadDays: String(a.leadDays) }));
  const [areas, setAreas] = useState(() => draftOf(initial));
  const [saved, setSaved] = useState(initial);
  // A place's figures hold for it as saved; a changed or new one is worked out when saved.
  const savedAs = (a: DraftArea) =>
    saved.areas.find((s) => s.scope === a.scope && s.area === (a.scope === 'national' ? '' : a.area) && String(s.leadDays) === a.leadDays.trim());
  const buyersHint = (a: DraftArea) => {
    const s = savedAs(a);
    return s ? buyersSeeText(s, saved.dispatchDays) : 'Save to see what buyers are quoted for this place.';
  };
  const { errors, failure, saving, run } = useSave();
  const [notice, setNotice] = useState<string | null>(null);
  const set = (i: number, change: Partial<DraftArea>) => setAreas((as) => as.map((a, n) => (n === i ? { ...a, ...change } : a)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    await run(async () => {
      const saved = await supplierApi().setCoverage({
        areas: areas.map((a) => ({
          scope: a.scope,
          area: a.scope === 'national' ? '' : a.area,
          leadDays: Number(a.leadDays.trim() === '' ? Number.NaN : a.leadDays),
        })),
      });
      setAreas(draftOf(saved));
      setSaved(saved);
      setNotice(`Saved: ${saved.areas.length} ${saved.areas.length === 1 ? 'place' : 'places'}. Your next quotes use them.`);
    });
  };

  return (
    <form className="card form-stack" noValidate onSubmit={(e) => void save(e)} aria-labelledby="coverage-title">
      <h3 id="coverage-title">Where you deliver</h3>
      <p className="small muted">Requests for these places are quoted from your price list, with the lead time you give for each.</p>
      <p className="small muted">{allowanceText(saved)}</p>
      <SuccessNotice message={notice} />
      {failure ? <ErrorAlert title="Not saved" message={failure} inline /> : null}
      <ol className="line-list">
        {areas.map((a, i) => (
          <li key={a.key} className="line-item">
            <div className="field">
              <label htmlFor={`coverage-${i}-scope`}>Place {i + 1}</label>
              <select id={`coverage-${i}-scope`} value={a.scope} onChange={(e) => set(i, { scope: e.target.value as Scope, area: '', name: '' })}>
                {COVERAGE_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            {a.scope === 'city' ? (
              <CityField id={`coverage-${i}-area`} area={a} error={errors[`areas.${i}.area`]} onPick={(area, name) => set(i, { area, name })} />
            ) : a.scope === 'province' ? (
              <div className="field">
                <label htmlFor={`coverage-${i}-area`}>Province</label>
                <select
                  id={`coverage-${i}-area`}
                  value={a.area}
                  aria-invalid={errors[`areas.${i}.area`] ? true : undefined}
                  aria-describedby={errors[`areas.${i}.area`] ? `coverage-${i}-area-error` : undefined}
                  onChange={(e) => set(i, { area: e.target.value, name: e.target.value })}
                >
                  <option value="">Choose…</option>
                  {initial.provinces.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
                <FieldError id={`coverage-${i}-area`} message={errors[`areas.${i}.area`]} />
              </div>
            ) : (
              <p className="small muted">Every city Procura quotes for.</p>
            )}
            <TextField
              id={`coverage-${i}-leadDays`}
              label="Lead time (days)"
              inputMode="numeric"
              describedBy={`coverage-${i}-buyers`}
              value={a.leadDays}
              error={errors[`areas.${i}.leadDays`]}
              onChange={(v) => set(i, { leadDays: v })}
            />
            <p id={`coverage-${i}-buyers`} className="small muted coverage-buyers">
              {buyersHint(a)}
            </p>
            <button type="button" className="button button-ghost line-remove" onClick={() => setAreas((as) => as.filter((_, n) => n !== i))}>
              Remove<span className="visually-hidden"> place {i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <FieldError id="coverage-areas" message={errors.areas} />
      <div className="line-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setAreas((as) => [...as, { key: nextKey.current++, scope: 'city', area: '', name: '', leadDays: '2' }])}
        >
          Add a place
        </button>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save where you deliver'}
        </button>
      </div>
    </form>
  );
}

/** Where the supplier delivers, editable: loaded, then a row per place. */
export function SupplierCoverageSection() {
  return (
    <Loaded read={(signal) => supplierApi().coverage({ signal })} failed="Delivery areas not loaded" loading="Loading where you deliver" height="8rem">
      {(coverage) => <CoverageForm initial={coverage} />}
    </Loaded>
  );
}
