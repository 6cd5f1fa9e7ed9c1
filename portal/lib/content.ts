/** Company details, stated once, here. */
export const COMPANY = {
  name: 'Procura (Pty) Ltd',
  address: '44 Stanley Avenue, Milpark, Johannesburg, 2092',
  email: 'hello@procura.co.za',
  partnersEmail: 'partners@procura.co.za',
  phone: '+27 10 446 0200',
  supportHours: 'Monday-Friday 8AM-5PM',
};
