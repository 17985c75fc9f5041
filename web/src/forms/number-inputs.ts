/** Inputs typed as numbers, where the browser's memory of past values only gets in the way. */
export const WHOLE_NUMBER_INPUT = { inputMode: 'numeric', autoComplete: 'off' } as const;

export const DECIMAL_INPUT = { inputMode: 'decimal', autoComplete: 'off' } as const;
