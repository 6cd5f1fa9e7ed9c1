/**
 * A form's submit button in its own row (`row`, the row's class; none for a plain block): while the form is being
 * sent it is disabled and says what is under way (`busy`).
 */
export function SubmitButton({
  pending,
  busy,
  children,
  secondary = false,
  row = 'form-actions',
}: {
  pending: boolean;
  busy: string;
  children: string;
  secondary?: boolean;
  row?: 'form-actions' | 'button-row' | null;
}) {
  return (
    <div className={row ?? undefined}>
      <button type="submit" className={secondary ? 'button button-secondary' : 'button'} disabled={pending}>
        {pending ? busy : children}
      </button>
    </div>
  );
}
