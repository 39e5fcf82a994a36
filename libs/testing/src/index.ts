export * from './product';
export * from './browser';
export * from './mail';
export * from './http';
export * from './oidc';
export * from './accounts';
export * from './random';
export * from './tamper';
