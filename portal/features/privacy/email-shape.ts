// The shape of an address, as browsers check `type="email"`; the server's schema is the authority.
const EMAIL_SHAPE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]{2,}$/;

export const EMAIL_SHAPE_MESSAGE = 'Please enter a valid email address';

export const isEmailShaped = (value: string) => EMAIL_SHAPE.test(value.trim());
