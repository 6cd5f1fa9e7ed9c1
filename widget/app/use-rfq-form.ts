import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_SUPPLIER_COUNT, defaultQuantityForCategory, validateRfqForm, type RfqField, type RfqFormValues } from '../../sdk/rules';
import type { ProductSuggestion } from '../../sdk/schemas/catalogue';

export const EMPTY_RFQ: RfqFormValues = {
  productName: '',
  productDescription: '',
  quantity: '1',
  unit: '',
  budgetRange: '',
  supplierCount: DEFAULT_SUPPLIER_COUNT,
  deliveryLocation: '',
  primaryEmail: '',
  additionalEmails: '',
  companyName: '',
  contactName: '',
  companySize: '',
  agreeTerms: false,
};

/** The fields each step holds (step 1 product, quantity and place; 2 suppliers; 3 contact). */
const STEP_FIELDS: Record<1 | 2 | 3, RfqField[]> = {
  1: ['productName', 'productDescription', 'quantity', 'unit', 'deliveryLocation'],
  2: ['supplierCount', 'budgetRange'],
  3: ['primaryEmail', 'additionalEmails', 'companyName', 'contactName', 'companySize', 'agreeTerms'],
};

export type Step = 1 | 2 | 3;

export interface RfqForm {
  values: RfqFormValues;
  step: Step;
  /** Messages of fields the buyer has left or tried to submit, and those the server refused. */
  errors: Partial<Record<RfqField, string>>;
  /**
   * Shows the messages a refused submission gave for the form's fields (each until its field
   * changes), opens the step of the first and asks for focus on it; answers whether any was the form's.
   */
  showServerErrors(fields: Record<string, string>): boolean;
  /** The field a refusal asked focus for, anew each time. */
  attention: { field: RfqField } | null;
  setField<K extends RfqField>(field: K, value: RfqFormValues[K]): void;
  /** Marks a field as visited, so its message shows. */
  touch(field: RfqField): void;
  /** Fills the form from a catalogue product, and answers whether step 1 is now complete. */
  fillProduct(product: ProductSuggestion): boolean;
  setStep(step: Step): void;
  /** Whether Next may leave the step: step 1 needs name, quantity and place; step 2 the supplier count. */
  canLeave(step: Step): boolean;
  /** The fields that keep Next closed on steps 1 and 2, in form order. */
  missing(step: Step): RfqField[];
  /** Shows every message of the step's fields; answers whether they are all valid. */
  checkStep(step: Step): boolean;
  /** Asks for focus (see `attention`) on the first field of `steps`, in form order, whose value is refused. */
  attendFirstError(steps: Step[]): void;
  /** Shows every message; answers whether the whole form is valid. */
  checkAll(): boolean;
  reset(): void;
}

/** The quote request form's state, shared by both presentations and by the page around them. */
export function useRfqForm(initial: Partial<RfqFormValues> = {}): RfqForm {
  const [values, setValues] = useState<RfqFormValues>({ ...EMPTY_RFQ, ...initial });
  const [step, setStep] = useState<Step>(1);
  const [shown, setShown] = useState<Set<RfqField>>(new Set());
  const [refused, setRefused] = useState<Partial<Record<RfqField, { message: string; value: unknown }>>>({});
  const [attention, setAttention] = useState<{ field: RfqField } | null>(null);
  const allErrors = useMemo(() => validateRfqForm(values), [values]);
  const errors = useMemo(() => {
    const own = Object.fromEntries(Object.entries(allErrors).filter(([f]) => shown.has(f as RfqField))) as Partial<Record<RfqField, string>>;
    for (const [f, r] of Object.entries(refused) as [RfqField, { message: string; value: unknown }][]) {
      if (!own[f] && values[f] === r.value) own[f] = r.message;
    }
    return own;
  }, [allErrors, shown, refused, values]);
  const show = useCallback((fields: RfqField[]) => setShown((prev) => new Set([...prev, ...fields])), []);

  const setField = useCallback(<K extends RfqField>(field: K, value: RfqFormValues[K]) => {
    setValues((prev) => {
      // The unit is the chosen product's: a name typed by hand is another product, priced in its
      // own unit, so a unit left from the earlier choice would conflict with it.
      if (field === 'productName' && value !== prev.productName) return { ...prev, productName: value as string, unit: '' };
      return { ...prev, [field]: value };
    });
  }, []);

  const fillProduct = useCallback(
    (product: ProductSuggestion) => {
      const quantity = values.quantity.trim() === '' || values.quantity.trim() === '1' ? String(defaultQuantityForCategory(product.category)) : values.quantity;
      const next = { ...values, productName: product.name, productDescription: product.description, unit: product.unit, quantity };
      setValues(next);
      return next.productName.trim() !== '' && next.productDescription.trim() !== '' && next.deliveryLocation.trim() !== '';
    },
    [values],
  );

  const missing = useCallback(
    (s: Step): RfqField[] =>
      s === 1
        ? (['productName', 'quantity', 'deliveryLocation'] as const).filter((f) => values[f].trim() === '')
        : s === 2 && allErrors.supplierCount
          ? ['supplierCount']
          : [],
    [values, allErrors],
  );
  const canLeave = useCallback((s: Step) => (s === 3 ? Object.keys(allErrors).length === 0 : missing(s).length === 0), [allErrors, missing]);

  const showServerErrors = (fields: Record<string, string>): boolean => {
    const order = [...STEP_FIELDS[1], ...STEP_FIELDS[2], ...STEP_FIELDS[3]];
    const known = order.filter((f) => typeof fields[f] === 'string');
    if (known.length === 0) return false;
    setRefused(Object.fromEntries(known.map((f) => [f, { message: fields[f]!, value: values[f] }])));
    const first = known[0]!;
    setStep(([1, 2, 3] as Step[]).find((s) => STEP_FIELDS[s].includes(first))!);
    setAttention({ field: first });
    return true;
  };

  return {
    values,
    step,
    errors,
    showServerErrors,
    attention,
    setField,
    touch: (field) => show([field]),
    fillProduct,
    setStep,
    canLeave,
    missing,
    checkStep: (s) => {
      show(STEP_FIELDS[s]);
      return STEP_FIELDS[s].every((f) => !allErrors[f]);
    },
    attendFirstError: (steps) => {
      const field = steps.flatMap((s) => STEP_FIELDS[s]).find((f) => allErrors[f]);
      if (field) setAttention({ field });
    },
    checkAll: () => {
      show(Object.keys(EMPTY_RFQ) as RfqField[]);
      return Object.keys(allErrors).length === 0;
    },
    reset: () => {
      setValues({ ...EMPTY_RFQ, ...initial });
      setShown(new Set());
      setRefused({});
      setAttention(null);
      setStep(1);
    },
  };
}
