/** Injection tokens for the platform's ports. */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
export const SQL_CLIENT = Symbol('SQL_CLIENT');
export const PRISMA = Symbol('PRISMA');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const JOB_QUEUE = Symbol('JOB_QUEUE');
