import { useCallback, useMemo, useState } from 'react';
import {
  DEFAULT_SUPPLIER_COUNT,
  defaultQuantityForCategory,
  validateRfqForm,
  type RfqField,
  type RfqFormValues,
} from '../../sdk/rules';
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

/** The fields each step holds (spec: step 1 product, quantity and place; 2 suppliers; 3 contact). */
export const STEP_FIELDS: Record<1 | 2 | 3, RfqField[]> = {
  1: ['productName', 'productDescription', 'quantity', 'unit', 'deliveryLocation'],
  2: ['supplierCount', 'budgetRange'],
  3: ['primaryEmail', 'additionalEmails', 'companyName', 'contactName', 'companySize', 'agreeTerms'],
};

export type Step = 1 | 2 | 3;

export interface RfqForm {
  values: RfqFormValues;
  step: Step;
  /** Messages of fields the buyer has left or tried to submit. */
  errors: Partial<Record<RfqField, string>>;
  setField<K extends RfqField>(field: K, value: RfqFormValues[K]): void;
  /** Marks a field as visited, so its message shows. */
  touch(field: RfqField): void;
  /** Fills the form from a catalogue product (spec 4), and answers whether step 1 is now complete. */
  fillProduct(product: ProductSuggestion): boolean;
  setStep(step: Step): void;
  /** Whether Next may leave the step: step 1 needs name, quantity and place; step 2 the supplier count. */
  canLeave(step: Step): boolean;
  /** The fields that keep Next closed on steps 1 and 2, in form order. */
  missing(step: Step): RfqField[];
  /** Shows every message of the step's fields; answers whether they are all valid. */
  checkStep(step: Step): boolean;
  /** Shows every message; answers whether the whole form is valid. */
  checkAll(): boolean;
  reset(): void;
}

/** The quote request form's state, shared by both presentations and by the page around them. */
export function useRfqForm(initial: Partial<RfqFormValues> = {}): RfqForm {
  const [values, setValues] = useState<RfqFormValues>({ ...EMPTY_RFQ, ...initial });
  const [step, setStep] = useState<Step>(1);
  const [shown, setShown] = useState<Set<RfqField>>(new Set());
  const allErrors = useMemo(() => validateRfqForm(values), [values]);
  const errors = useMemo(
    () => Object.fromEntries(Object.entries(allErrors).filter(([f]) => shown.has(f as RfqField))) as Partial<Record<RfqField, string>>,
    [allErrors, shown],
  );
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

  return {
    values,
    step,
    errors,
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
    checkAll: () => {
      show(Object.keys(EMPTY_RFQ) as RfqField[]);
      return Object.keys(allErrors).length === 0;
    },
    reset: () => {
      setValues({ ...EMPTY_RFQ, ...initial });
      setShown(new Set());
      setStep(1);
    },
  };
}
