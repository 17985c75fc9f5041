/** The attachment rules orders and consults share: they differ only in who may reach the files. */
export * from './attached-files';
