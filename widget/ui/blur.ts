/**
 * A field's onBlur that waits when focus moves to a submit button. Submitting shows every
 * message anyway, and a message that appeared between press and release would push the button
 * from under the pointer, so the press would send nothing.
 */
export function blurUnlessSubmitting(onBlur: (() => void) | undefined) {
  if (!onBlur) return undefined;
  return (e: { relatedTarget: EventTarget | null }) => {
    const to = e.relatedTarget as Element | null;
    if (to?.getAttribute?.('type') === 'submit') return;
    onBlur();
  };
}
