import { useEffect, useRef } from 'react';
import type { RfqFormValues } from '../../../sdk/rules';
import type { RfqForm } from '../../../widget/app/use-rfq-form';
import { useSavedDetails } from '../../lib/saved-details';

/**
 * Fills the request form's empty company, contact and city from a signed-in buyer's saved details
 * (the city of the first saved address) once they arrive; what the buyer typed stays.
 */
export function usePrefillFromSavedDetails(form: Pick<RfqForm, 'values' | 'setField'>): void {
  const saved = useSavedDetails();
  const values = useRef(form.values);
  values.current = form.values;
  const { setField } = form;
  useEffect(() => {
    if (!saved) return;
    const fill: Partial<Record<'companyName' | 'contactName' | 'deliveryLocation', string | null | undefined>> = {
      companyName: saved.companyName,
      contactName: saved.contactName,
      deliveryLocation: saved.addresses[0]?.city,
    };
    for (const [field, value] of Object.entries(fill) as [keyof RfqFormValues & keyof typeof fill, string | null | undefined][]) {
      if (value && values.current[field].trim() === '') setField(field, value);
    }
  }, [saved, setField]);
}
