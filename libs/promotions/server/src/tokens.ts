/** The clock promotions read time from (the system clock; tests and benches build their own runtime). */
export const PROMOTIONS_CLOCK = Symbol('PROMOTIONS_CLOCK');
export const PROMOTION_RUNTIME = Symbol('PROMOTION_RUNTIME');
