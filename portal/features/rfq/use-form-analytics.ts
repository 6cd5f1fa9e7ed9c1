import { useEffect, useRef } from 'react';
import { FORM_FIELD_NAMES, type FormFieldName } from '../../../contract/analytics-rules';
import type { RfqFormValues } from '../../../sdk/rules';
import type { SiteAnalytics } from '../../lib/analytics';

/**
 * The quote form's interactions, for analytics (sent only with consent): `start` once, at the
 * first focus or change; `field_change` with the names of the fields changed since the last
 * one, when a field is left; `submit`. Never a value.
 */
export function useFormAnalytics(values: RfqFormValues, analytics: Pick<SiteAnalytics, 'track'>) {
  const started = useRef(false);
  const previous = useRef(values);
  const changed = useRef(new Set<FormFieldName>());

  const start = () => {
    if (started.current) return;
    started.current = true;
    analytics.track('form-interaction', { formType: 'rfq-form', action: 'start' });
  };
  const flush = () => {
    for (const fieldName of changed.current) analytics.track('form-interaction', { formType: 'rfq-form', action: 'field_change', fieldName });
    changed.current.clear();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: answers changed form values only; start is made anew each render and listing it would run this on every render
  useEffect(() => {
    for (const field of FORM_FIELD_NAMES) if (values[field] !== previous.current[field]) changed.current.add(field);
    previous.current = values;
    if (changed.current.size > 0) start();
  }, [values]);

  return {
    /** On the form's container: a focus inside starts the form, leaving a field reports what changed. */
    handlers: { onFocusCapture: start, onBlurCapture: flush },
    submitted: () => {
      start();
      flush();
      analytics.track('form-interaction', { formType: 'rfq-form', action: 'submit' });
    },
  };
}
