/** What an action did, in the success colour; nothing while there is nothing to say. */
export function SuccessNotice({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="notice notice-success" role="status">
      {message}
    </p>
  ) : null;
}
