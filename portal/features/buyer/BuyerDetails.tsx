import { useState, type FormEvent } from 'react';
import { BUYER_MESSAGES, type BuyerProfile } from '../../../contract/schemas/buyer';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { SuccessNotice } from '../../components/ui/success-notice';
import { errorMessage } from '../../lib/api-errors';
import { buyerApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';

type Address = BuyerProfile['addresses'][number];
const NO_ADDRESS: Address = { label: '', deliveryAddress: '', city: '' };

/** The form of the saved details, from what is stored. */
function DetailsForm({ initial }: { initial: BuyerProfile }) {
  const [values, setValues] = useState(() => ({
    companyName: initial.companyName ?? '',
    contactName: initial.contactName ?? '',
    phone: initial.phone ?? '',
    vatNumber: initial.vatNumber ?? '',
    defaultPurchaseOrderPrefix: initial.defaultPurchaseOrderPrefix ?? '',
  }));
  const [addresses, setAddresses] = useState<Address[]>(initial.addresses);
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, failure, saving, run } = useSave();
  const set = (field: keyof typeof values) => (v: string) => setValues((x) => ({ ...x, [field]: v }));
  const setAddress = (i: number, field: keyof Address) => (v: string) => setAddresses((list) => list.map((a, n) => (n === i ? { ...a, [field]: v } : a)));
  /** A field's id, value, change and error, all from its name, as the focus on a refused field finds it. */
  const field = (name: keyof typeof values) => ({ id: `details-${name}`, value: values[name], onChange: set(name), error: errors[name] });
  const addressField = (a: Address, i: number, name: keyof Address) => ({
    id: `details-addresses-${i}-${name}`,
    value: a[name],
    onChange: setAddress(i, name),
    error: errors[`addresses.${i}.${name}`],
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    await run(
      async () => {
        const profile = await buyerApi().saveProfile({ ...values, addresses });
        setAddresses(profile.addresses);
        setSaved(BUYER_MESSAGES.saved);
      },
      (fields) => {
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(`details-${first.replaceAll('.', '-')}`)?.focus();
      },
    );
  };
  return (
    <form className="form-stack details-form" onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title">Your details</h2>
      <p className="small muted">Kept for your e-mail address: the company, contact, phone, VAT number and delivery addresses you order with.</p>
      {failure ? <ErrorAlert title="Not saved" message={failure} inline /> : null}
      <TextField {...field('companyName')} label="Company name" />
      <TextField {...field('contactName')} label="Contact name" />
      <TextField {...field('phone')} label="Phone number" type="tel" hint="A South African number, such as 082 123 4567" />
      <TextField {...field('vatNumber')} label="VAT number" inputMode="numeric" />
      <TextField {...field('defaultPurchaseOrderPrefix')} label="Purchase order prefix" hint="Starts your own reference on each order, such as UGH-" />
      <fieldset className="details-addresses">
        <legend>Delivery addresses</legend>
        {errors.addresses ? <p className="field-error">{errors.addresses}</p> : null}
        {addresses.length === 0 ? <p className="small muted">No address saved yet.</p> : null}
        {addresses.map((a, i) => (
          <fieldset key={i} className="details-address">
            <legend>Address {i + 1}</legend>
            <TextField {...addressField(a, i, 'label')} label="Name" hint="Such as Main campus" />
            <TextField {...addressField(a, i, 'deliveryAddress')} label="Street address" rows={2} />
            <TextField {...addressField(a, i, 'city')} label="City" />
            <button type="button" className="button button-ghost" onClick={() => setAddresses((list) => list.filter((_, n) => n !== i))}>
              Remove address {i + 1}
            </button>
          </fieldset>
        ))}
        {addresses.length < 10 ? (
          <button type="button" className="button button-secondary" onClick={() => setAddresses((list) => [...list, NO_ADDRESS])}>
            Add an address
          </button>
        ) : null}
      </fieldset>
      <SuccessNotice message={saved} />
      <SubmitButton pending={saving} busy="Saving…">
        Save my details
      </SubmitButton>
    </form>
  );
}

/** The "Your details" tab of /account: loads the saved details, then their form. */
export function BuyerDetails() {
  const state = useLoad((signal) => buyerApi().profile({ signal }), []);
  if (state.status === 'error') return <ErrorAlert title="Your details were not loaded" message={errorMessage(state.error)} inline />;
  if (state.status !== 'loaded') return <div className="skeleton" style={{ height: '12rem' }} role="status" aria-label="Loading your details" />;
  return <DetailsForm initial={state.data} />;
}
