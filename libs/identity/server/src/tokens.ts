export const AUTH = Symbol('AUTH');
export const MAILER = Symbol('MAILER');
export const ATTEMPTS = Symbol('ATTEMPTS');
