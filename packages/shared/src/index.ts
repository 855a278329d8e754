export * from './contracts/account.ts';
export * from './contracts/auth.ts';
export * from './contracts/common.ts';
export * from './envelope.ts';
export * from './messages.ts';
export * from './periods.ts';
export * from './plans.ts';
