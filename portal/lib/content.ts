/** Company details, stated once, here. */
export const COMPANY = {
  name: 'Procura (Pty) Ltd',
  address: '44 Stanley Avenue, Milpark, Johannesburg, 2092',
  email: 'hello@procura.co.za',
  partnersEmail: 'partners@procura.co.za',
  phone: '+27 10 446 0200',
  supportHours: 'Monday-Friday 8AM-5PM',
  /** POPIA section 55: the person who answers for how Procura handles personal information. */
  informationOfficer: { title: 'Information Officer', email: 'privacy@procura.co.za', phone: '+27 10 446 0200', address: '44 Stanley Avenue, Milpark, Johannesburg, 2092' },
};

/** The privacy policy's revision and date; a cookie choice records the revision it answers. */
export const PRIVACY_POLICY = { revision: 1, date: '24 November 2026' };
