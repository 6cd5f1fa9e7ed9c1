/** Field values the visitor typed into a server-rendered page before its script started, by element id. */
let typed = new Map<string, string>();

/**
 * Keeps what the visitor typed into the server-rendered page's text fields before its script
 * started: hydration sets each field back to the value it was rendered with, so a page whose
 * form is its reason to be (the home page's) puts them back with {@link takeTyped}.
 */
export function keepTypedFields(root: ParentNode = document): void {
  typed = new Map();
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[id], textarea[id]')) {
    if (field.type !== 'checkbox' && field.type !== 'radio' && field.value !== field.defaultValue) typed.set(field.id, field.value);
  }
}

/** What was typed into the field with this id before the script started, once: taken, it is forgotten. */
export function takeTyped(id: string): string | undefined {
  const value = typed.get(id);
  typed.delete(id);
  return value;
}
