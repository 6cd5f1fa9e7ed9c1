import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { blurUnlessSubmitting } from './blur';
import { FieldError } from './TextField';

/** Suggestions for typed text, from `minChars` characters; the latest query wins and earlier ones are aborted. */
export function useSuggestions<T>(find: (q: string, signal: AbortSignal) => Promise<T[]>, query: string, minChars: number): T[] {
  const [items, setItems] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: answers the typed query only; find is the caller's search, made anew each render, and listing it would search on every render
  useEffect(() => {
    const q = query.trim();
    if (q.length < minChars) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      find(q, controller.signal).then(
        (found) => setItems(found),
        () => !controller.signal.aborted && setItems([]), // suggestions are a help; the field works without them
      );
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // find is a stable module function at every call site
  }, [query, minChars]);
  return items;
}

interface ComboboxProps<T> {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  error?: string;
  hint?: string;
  items: T[];
  itemKey(item: T): string;
  renderItem(item: T): ReactNode;
  onChange(value: string): void;
  onPick(item: T): void;
  onBlur?(): void;
  required?: boolean;
}

/**
 * A text field with a suggestion list (the ARIA combobox pattern): arrow keys move through the
 * list, Enter picks, Escape, leaving the field or a click outside closes it.
 */
export function Combobox<T>(props: ComboboxProps<T>) {
  const { id, label, value, items, error, hint } = props;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  const expanded = open && items.length > 0;

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('touchstart', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('touchstart', close);
    };
  }, [open]);

  useEffect(() => setActive(-1), [items]);

  const pick = (item: T) => {
    props.onPick(item);
    setOpen(false);
  };
  const blurred = blurUnlessSubmitting(props.onBlur);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div className="field combobox" ref={root}>
      <label htmlFor={id}>
        {label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={props.required || undefined}
        placeholder={props.placeholder}
        value={value}
        onChange={(e) => {
          props.onChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          // Focus left (Tab, or a click elsewhere): the list closes, so it covers no other field.
          // A click on a suggestion keeps the focus here, so it still picks.
          setOpen(false);
          blurred?.(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && items.length > 0) {
            e.preventDefault();
            setOpen(true);
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length > 0) {
            e.preventDefault();
            setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
          } else if (e.key === 'Enter' && expanded && active >= 0) {
            e.preventDefault();
            pick(items[active]!);
          } else if (e.key === 'Escape' && expanded) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={`${label} suggestions`} className="suggestions" hidden={!expanded}>
        {expanded
          ? items.map((item, i) => (
              <li
                key={props.itemKey(item)}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(item)}
              >
                {props.renderItem(item)}
              </li>
            ))
          : null}
      </ul>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}
