import type { LocationSuggestion } from '../../sdk/schemas/catalogue';
import { formApi } from './api';
import { Combobox, useSuggestions } from '../ui/Combobox';

/** A place in the location suggestions, with the name the buyer typed when it is not the city's own ('Also called Jozi'). */
function LocationOption({ location }: { location: LocationSuggestion }) {
  return (
    <>
      <span className="suggestion-name">{location.fullName}</span>
      {location.note ? <span className="suggestion-meta">{location.note}</span> : null}
    </>
  );
}

interface LocationComboboxProps {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  required?: boolean;
  placeholder?: string;
  onChange(value: string): void;
  onPick(location: LocationSuggestion): void;
  onBlur?(): void;
}

/** A place typed or picked from the places Procura knows, suggested from the second letter on. */
export function LocationCombobox({ value, error, ...props }: LocationComboboxProps) {
  const items = useSuggestions<LocationSuggestion>(formApi.locations, value, 2);
  return (
    <Combobox<LocationSuggestion>
      {...props}
      {...(error ? { error } : {})}
      value={value}
      items={items}
      itemKey={(l) => l.id}
      renderItem={(l) => <LocationOption location={l} />}
    />
  );
}

/** Where the buyer wants delivery: required, and a picked place fills in its full name. */
export function DeliveryLocationField({
  id,
  value,
  error,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
}) {
  return (
    <LocationCombobox
      id={id}
      label="Delivery location"
      required
      placeholder="City, e.g. Durban"
      value={value}
      error={error}
      onChange={onChange}
      onPick={(l) => onChange(l.fullName)}
      onBlur={onBlur}
    />
  );
}
