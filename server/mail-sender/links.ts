// Where the one-time links of e-mails lead.

/** The page a data request's link opens; the token rides in the fragment, which browsers never send. */
export function dataRequestLink(publicUrl: string, token: string): string {
  return `${publicUrl}/privacy/my-data#token=${token}`;
}

/** The page a supplier's sign-in link opens (then the lead it names); the token rides in the fragment, which browsers never send. */
export function supplierSignInLink(publicUrl: string, token: string, lead: string | undefined): string {
  return `${publicUrl}/supplier/sign-in${lead ? `?lead=${encodeURIComponent(lead)}` : ''}#${token}`;
}
