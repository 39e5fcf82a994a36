export * from './password-policy';
export * from './attempts';
